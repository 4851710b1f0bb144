/** Built-in plugins: the common cross-cutting needs in one line each. */
export {};
