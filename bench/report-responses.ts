/** The response-checking section of the report: its ratios against the floor, and the engine against Zod. */
import type { ReportContext } from "./report-scenarios";
import { median, per, ratioTable, sizeLabel, timingTable, workerLine, type Row } from "./report-tables";

export function responsesSection({ out, find, target }: ReportContext): void {
  const responses = find("responses");
  const rp = responses?.phases[0];
  if (!responses || !rp) return;
  const scenario = `Response checking · GET /items/{id} 200: the ${rp.facts.bodyFields ?? 20}-field JSON body of the request scenario (Zod 4), ${sizeLabel(rp.size, "responses")} per sample`;
  const floorRatio = per(median(rp, "specloom"), median(rp, "floor"));
  const readRatio = per(median(rp, "specloom"), median(rp, "floorRead"));
  const lines: Parameters<typeof ratioTable>[0] = [
    { what: "check / floor (JSON.parse + the schema's own validate)", values: [floorRatio], note: "no target (reading a Response costs more than the floor)" },
    { what: "check / floor + cloning and reading the Response", values: [readRatio], target: target("Response checking", "check / floor + reading the Response", readRatio, 1.3, "max") },
    { what: "JSON Schema engine / Zod's validate, on a parsed body", values: [per(median(rp, "engineParsed"), median(rp, "zodParsed"))], note: "no target (the judge the docs explain)" },
    { what: "µs per response: check", values: [per(median(rp, "specloom"), rp.size / 1000)], unit: "µs", note: "no target" },
  ];
  const label = sizeLabel(rp.size, "responses");
  const rows: Row[] = [
    { subject: "floor: JSON.parse + validate(body)", size: label, phase: rp, key: "floor" },
    { subject: "floor + clone().text()", size: label, phase: rp, key: "floorRead" },
    { subject: "Zod's validate on a parsed body", size: label, phase: rp, key: "zodParsed" },
    { subject: "the JSON Schema engine on a parsed body", size: label, phase: rp, key: "engineParsed" },
    { subject: "responseValidator(definition).check(route, response)", size: label, phase: rp, key: "specloom" },
  ];
  out.push(`${scenario}\n`, ratioTable(lines, [label]), "", timingTable(rows), workerLine([responses]), "");
}
