/**
 * The one-comparison rule grammar of §4, over a definition's bare value names (§10.6).
 * IEEE-754 binary64 arithmetic; division by zero or a non-finite result is an evaluation error.
 */

/** A parsed arithmetic expression. */
export type Expr =
  | { kind: 'number'; value: number }
  | { kind: 'name'; name: string }
  | { kind: 'negate'; operand: Expr }
  | { kind: 'binary'; op: '+' | '-' | '*' | '/'; left: Expr; right: Expr }
  | { kind: 'call'; fn: 'min' | 'max' | 'floor'; args: Expr[] };

/** The comparison operators of §4. */
export type ComparisonOp = '==' | '!=' | '<' | '<=' | '>' | '>=';

/** A parsed rule line. */
export interface Comparison {
  left: Expr;
  op: ComparisonOp;
  right: Expr;
  /** Every name the line reads, in order of first appearance. */
  names: string[];
}

/** Thrown for a line outside the grammar; the message is one sentence. */
export class RuleSyntaxError extends Error {}

type Token = { t: 'num'; v: number } | { t: 'name'; v: string } | { t: 'op'; v: string };

const TOKEN = /\s*(?:(\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|([A-Za-z_][A-Za-z0-9_]*(?:[-.][A-Za-z0-9_]+)*)|(==|!=|<=|>=|[-+*/(),<>]))/y;

function tokenize(line: string): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  let at = 0;
  while (at < line.length) {
    if (/^\s*$/.test(line.slice(at))) break;
    TOKEN.lastIndex = at;
    const m = TOKEN.exec(line);
    if (!m) throw new RuleSyntaxError(`unexpected "${line.slice(at).trim().charAt(0)}" at character ${at + 1}`);
    at = TOKEN.lastIndex;
    if (m[1] !== undefined) tokens.push({ t: 'num', v: Number(m[1]) });
    else if (m[2] !== undefined) tokens.push({ t: 'name', v: m[2] });
    else tokens.push({ t: 'op', v: m[3]! });
  }
  return tokens;
}

const COMPARISON_OPS = new Set(['==', '!=', '<', '<=', '>', '>=']);

/** Parses one rule line; throws {@link RuleSyntaxError} when it is outside the grammar. */
export function parseComparison(line: string): Comparison {
  if (line.includes('\n')) throw new RuleSyntaxError('a rule line is one line');
  const tokens = tokenize(line);
  let i = 0;
  const names: string[] = [];
  const peek = () => tokens[i];
  const isOp = (v: string) => peek()?.t === 'op' && peek()!.v === v;
  const expect = (v: string) => {
    if (!isOp(v)) throw new RuleSyntaxError(`expected "${v}"`);
    i++;
  };

  function primary(): Expr {
    const tok = peek();
    if (!tok) throw new RuleSyntaxError('the line ends too early');
    if (tok.t === 'num') {
      i++;
      return { kind: 'number', value: tok.v };
    }
    if (tok.t === 'name') {
      i++;
      if (isOp('(')) {
        if (tok.v !== 'min' && tok.v !== 'max' && tok.v !== 'floor') {
          throw new RuleSyntaxError(`"${tok.v}" is not a function (min, max and floor are)`);
        }
        i++;
        const args: Expr[] = [];
        if (!isOp(')')) {
          args.push(sum());
          while (isOp(',')) {
            i++;
            args.push(sum());
          }
        }
        expect(')');
        if (args.length === 0) throw new RuleSyntaxError(`${tok.v}() needs at least one argument`);
        if (tok.v === 'floor' && args.length !== 1) throw new RuleSyntaxError('floor() takes exactly one argument');
        return { kind: 'call', fn: tok.v, args };
      }
      if (!names.includes(tok.v)) names.push(tok.v);
      return { kind: 'name', name: tok.v };
    }
    if (tok.v === '(') {
      i++;
      const inner = sum();
      expect(')');
      return inner;
    }
    throw new RuleSyntaxError(`unexpected "${tok.v}"`);
  }
  function unary(): Expr {
    if (isOp('-')) {
      i++;
      return { kind: 'negate', operand: unary() };
    }
    return primary();
  }
  function product(): Expr {
    let left = unary();
    while (isOp('*') || isOp('/')) {
      const op = tokens[i++]!.v as '*' | '/';
      left = { kind: 'binary', op, left, right: unary() };
    }
    return left;
  }
  function sum(): Expr {
    let left = product();
    while (isOp('+') || isOp('-')) {
      const op = tokens[i++]!.v as '+' | '-';
      left = { kind: 'binary', op, left, right: product() };
    }
    return left;
  }

  const left = sum();
  const opTok = peek();
  if (!opTok || opTok.t !== 'op' || !COMPARISON_OPS.has(opTok.v)) {
    throw new RuleSyntaxError('a rule line needs one comparison (==, !=, <, <=, > or >=)');
  }
  i++;
  const right = sum();
  if (i < tokens.length) {
    const extra = tokens[i]!;
    throw new RuleSyntaxError(
      COMPARISON_OPS.has(String(extra.v)) ? 'a rule line holds exactly one comparison' : `unexpected "${extra.v}"`,
    );
  }
  return { left, op: opTok.v as ComparisonOp, right, names };
}

/** Thrown when a line cannot be computed (division by zero, a non-finite result). */
export class RuleEvaluationError extends Error {}

/** Computes an expression over `env`. */
export function evaluateExpr(expr: Expr, env: ReadonlyMap<string, number>): number {
  const result = ((): number => {
    switch (expr.kind) {
      case 'number':
        return expr.value;
      case 'name': {
        const v = env.get(expr.name);
        if (v === undefined) throw new RuleEvaluationError(`"${expr.name}" has no number`);
        return v;
      }
      case 'negate':
        return -evaluateExpr(expr.operand, env);
      case 'binary': {
        const a = evaluateExpr(expr.left, env);
        const b = evaluateExpr(expr.right, env);
        if (expr.op === '/' && b === 0) throw new RuleEvaluationError('division by zero');
        return expr.op === '+' ? a + b : expr.op === '-' ? a - b : expr.op === '*' ? a * b : a / b;
      }
      case 'call': {
        const args = expr.args.map((a) => evaluateExpr(a, env));
        return expr.fn === 'min' ? Math.min(...args) : expr.fn === 'max' ? Math.max(...args) : Math.floor(args[0]!);
      }
    }
  })();
  if (!Number.isFinite(result)) throw new RuleEvaluationError('the result is not a finite number');
  return result;
}

/** Evaluates a comparison; returns both sides so a finding can show the numbers used. */
export function evaluateComparison(
  c: Comparison,
  env: ReadonlyMap<string, number>,
): { holds: boolean; left: number; right: number } {
  const left = evaluateExpr(c.left, env);
  const right = evaluateExpr(c.right, env);
  const holds =
    c.op === '=='
      ? left === right
      : c.op === '!='
        ? left !== right
        : c.op === '<'
          ? left < right
          : c.op === '<='
            ? left <= right
            : c.op === '>'
              ? left > right
              : left >= right;
  return { holds, left, right };
}
