/**
 * Errors that end a run with a clear, located message and no stack trace. Anything else that
 * escapes is a bug in mcp-conform, and the CLI says so (with the stack only under --debug).
 */

export interface SourceLocation {
  /** Path as the user should see it (relative when possible). */
  file: string;
  /** 1-based; absent when the problem is the whole file. */
  line?: number;
  /** 1-based; with `line`, when the problem is at one spot of it (a syntax error). */
  column?: number;
}

/** Usage, configuration or input errors: exit code 2 (DESIGN.md, "Command line"). */
export class InputError extends Error {
  readonly exitCode = 2;
  readonly location: SourceLocation | undefined;

  constructor(message: string, location?: SourceLocation) {
    super(message);
    this.name = "InputError";
    this.location = location;
  }

  /** `file:line: message` (`file:line:column:` for a syntax error), the form editors and CI logs turn into links. */
  format(): string {
    if (!this.location) return this.message;
    const { file, line, column } = this.location;
    const where = line === undefined ? file : column === undefined ? `${file}:${line}` : `${file}:${line}:${column}`;
    return `${where}: ${this.message}`;
  }
}
