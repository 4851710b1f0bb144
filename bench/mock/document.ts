/** The document the mock and contract scenarios serve: the OAI's petstore-expanded.yaml. */
export const MOCKED_DOCUMENT = "test/corpora/oai-examples/petstore-expanded.yaml";
