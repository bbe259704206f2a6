// Types of check-linux-sandbox.mjs, for the tests that import it.

export interface SandboxFacts {
  binary: string;
  helper: string;
  uid: number | null;
  helperStat: { uid: number; mode: number } | null;
  unprivilegedUsernsClone: string | null;
  maxUserNamespaces: string | null;
  apparmorRestrictsUserns: string | null;
  apparmorProfileNamesBinary: boolean;
}

export interface SandboxProblem {
  reason: string;
  fixes: string[];
}

export function sandboxFacts(binary: string): SandboxFacts;
export function sandboxProblem(facts: SandboxFacts): SandboxProblem | null;
export function describeProblem(problem: SandboxProblem): string;
