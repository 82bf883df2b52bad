/**
 * NATS subject rules, shared by the in-process bus so that both adapters accept
 * and route exactly the same subjects.
 *
 * A subject is a non-empty list of dot-separated, non-empty tokens without whitespace.
 * A pattern (for subscriptions) may also use `*` as a whole token (matches one token)
 * and `>` as the whole last token (matches one or more remaining tokens).
 */

const WHITESPACE = /\s/;

function tokensOf(subject: string): string[] {
  return subject.split('.');
}

function hasValidTokens(tokens: string[]): boolean {
  return tokens.every((token) => token.length > 0 && !WHITESPACE.test(token));
}

/** Throws unless `subject` is a literal subject one can publish or send a request to. */
export function assertPublishSubject(subject: string): void {
  const tokens = tokensOf(String(subject));
  const literal = tokens.every((token) => token !== '*' && token !== '>');
  if (typeof subject !== 'string' || !hasValidTokens(tokens) || !literal) {
    throw new Error(`Invalid bus subject ${JSON.stringify(subject)}: expected dot-separated tokens without wildcards`);
  }
}

/** Throws unless `pattern` is a valid subscription subject (wildcards allowed). */
export function assertSubscribePattern(pattern: string): void {
  const tokens = tokensOf(String(pattern));
  const tailOnlyAtEnd = tokens.every((token, index) => token !== '>' || index === tokens.length - 1);
  if (typeof pattern !== 'string' || !hasValidTokens(tokens) || !tailOnlyAtEnd) {
    throw new Error(`Invalid bus subscription ${JSON.stringify(pattern)}: '>' may only be the last token`);
  }
}

/** A subscription pattern split once, so matching each published message is cheap. */
export class SubjectPattern {
  private readonly tokens: readonly string[];

  constructor(readonly pattern: string) {
    assertSubscribePattern(pattern);
    this.tokens = tokensOf(pattern);
  }

  matches(subject: string): boolean {
    return matchTokens(this.tokens, tokensOf(subject));
  }
}

function matchTokens(pattern: readonly string[], subject: readonly string[]): boolean {
  for (let index = 0; index < pattern.length; index++) {
    const token = pattern[index];
    if (token === '>') return subject.length > index; // the tail must hold at least one token
    if (index >= subject.length) return false;
    if (token !== '*' && token !== subject[index]) return false;
  }
  return pattern.length === subject.length;
}

/** Whether `subject` (literal) is matched by subscription `pattern`. */
export function subjectMatches(pattern: string, subject: string): boolean {
  return new SubjectPattern(pattern).matches(subject);
}
