// Types of electronegativity.mjs, for the unit test of its parsing and exceptions.
export interface Finding {
  issue: string;
  severity: string;
  confidence: string;
  filename: string;
  location: string;
  sample: string;
  description: string;
  url: string;
}
export interface Exception {
  issue: string;
  file: string;
  sample: RegExp;
  why: string;
}
export declare const EXCEPTIONS: Exception[];
export declare function parseCsv(text: string): Finding[];
export declare function applyExceptions(
  findings: Finding[],
  exceptions?: Exception[],
): { excepted: (Finding & { why?: string })[]; remaining: (Finding & { why?: string })[] };
export declare function isGated(finding: Finding): boolean;
export declare function scan(from?: string, parts?: string[]): { findings: Finding[]; errors: string[] };
