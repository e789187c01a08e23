/**
 * K9's formula language: the part of expr-lang (github.com/expr-lang/expr, which KEDA compiles
 * the formula with) that scalingModifiers use, parsed by jsep and typed and run with expr-lang's
 * rules. jsep does the grammar; the walk below is ours because no JavaScript evaluator has
 * expr-lang's semantics (float() of a bool is an error, `%` takes integers only, `??` sees the nil
 * a failing trigger becomes, `??` binds tighter than arithmetic, `^` is a power). Anything outside
 * (member access, strings, bit operators, other functions) is refused with its place.
 */
import jsep from 'jsep';

// expr-lang's operators and precedences (higher binds tighter): `??` 500 sits above `**`/`^`.
jsep.removeBinaryOp('??');
jsep.addBinaryOp('??', 12);
jsep.removeBinaryOp('^');
jsep.addBinaryOp('^', 11, true);
for (const op of ['|', '&', '<<', '>>', '>>>', '===', '!==']) jsep.removeBinaryOp(op);
jsep.removeUnaryOp('~');
jsep.addBinaryOp('and', 2);
jsep.addBinaryOp('or', 1);
jsep.addUnaryOp('not');

type Kind = 'int' | 'float' | 'bool' | 'nil';
export type Value = number | boolean | null;

export interface FormulaError {
  message: string;
  /** 0-based character offset in the formula. */
  index: number;
}

export interface Program {
  formula: string;
  node: jsep.Expression;
}

const FUNCTIONS = ['min', 'max', 'abs', 'float', 'int', 'ceil', 'floor', 'round'];
const GRAMMAR =
  'scalingModifiers here take arithmetic (+ - * / % ** ^), comparison, and/or/not (&& || !), a ? b : c, ??, and min, max, abs, float, int, ceil, floor, round over the trigger names';

class Located extends Error {
  constructor(
    message: string,
    readonly index: number,
  ) {
    super(message);
  }
}

/** The first place `needle` stands as a token in `text` (for nodes jsep gives no position). */
function placeOf(text: string, needle: string): number {
  const word = /^\w+$/.test(needle);
  const re = new RegExp(word ? `\\b${needle}\\b` : needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return Math.max(0, text.search(re));
}

/** expr-lang's position suffix: `(line:column)`, 1-based. */
function at(text: string, index: number): string {
  const before = text.slice(0, index).split('\n');
  return `(${before.length}:${before[before.length - 1]!.length + 1})`;
}

function fail(text: string, message: string, needle: string): never {
  const index = placeOf(text, needle);
  throw new Located(`${message} ${at(text, index)}`, index);
}

/** Static types as expr-lang's checker sees them with every trigger a float64. */
function check(node: jsep.Expression, text: string, names: ReadonlySet<string>): Kind {
  switch (node.type) {
    case 'Literal': {
      const v = (node as jsep.Literal).value;
      if (typeof v === 'number')
        return Number.isInteger(v) && !String((node as jsep.Literal).raw).includes('.')
          ? 'int'
          : 'float';
      if (typeof v === 'boolean') return 'bool';
      if (v === null) return 'nil';
      return fail(
        text,
        `a ${typeof v} literal is outside the formula grammar: ${GRAMMAR}`,
        String((node as jsep.Literal).raw),
      );
    }
    case 'Identifier': {
      const name = (node as jsep.Identifier).name;
      if (name === 'nil') return 'nil';
      if (names.has(name)) return 'float';
      return fail(text, `unknown name ${name}`, name);
    }
    case 'UnaryExpression': {
      const u = node as jsep.UnaryExpression;
      const k = check(u.argument, text, names);
      if (u.operator === '!' || u.operator === 'not') {
        if (k !== 'bool')
          fail(text, `invalid operation: ${u.operator} (mismatched type ${goType(k)})`, u.operator);
        return 'bool';
      }
      if (k !== 'int' && k !== 'float')
        fail(text, `invalid operation: ${u.operator} (mismatched type ${goType(k)})`, u.operator);
      return k;
    }
    case 'BinaryExpression': {
      const b = node as jsep.BinaryExpression;
      const l = check(b.left, text, names);
      const r = check(b.right, text, names);
      const num = (k: Kind) => k === 'int' || k === 'float';
      const mismatch = () =>
        fail(
          text,
          `invalid operation: ${b.operator} (mismatched types ${goType(l)} and ${goType(r)})`,
          b.operator,
        );
      switch (b.operator) {
        case '??':
          return l === 'nil' ? r : l;
        case '&&':
        case '||':
        case 'and':
        case 'or':
          return l === 'bool' && r === 'bool' ? 'bool' : mismatch();
        case '==':
        case '!=':
          return 'bool';
        case '<':
        case '>':
        case '<=':
        case '>=':
          return num(l) && num(r) ? 'bool' : mismatch();
        case '%':
          return l === 'int' && r === 'int' ? 'int' : mismatch();
        case '/':
        case '**':
        case '^':
          return num(l) && num(r) ? 'float' : mismatch();
        case '+':
        case '-':
        case '*':
          return num(l) && num(r) ? (l === 'int' && r === 'int' ? 'int' : 'float') : mismatch();
        default:
          return fail(
            text,
            `the operator ${b.operator} is outside the formula grammar: ${GRAMMAR}`,
            b.operator,
          );
      }
    }
    case 'ConditionalExpression': {
      const c = node as jsep.ConditionalExpression;
      const t = check(c.test, text, names);
      if (t !== 'bool')
        fail(text, `non-bool expression (type ${goType(t)}) used as condition`, '?');
      const a = check(c.consequent, text, names);
      const b = check(c.alternate, text, names);
      return a === b ? a : a === 'nil' ? b : b === 'nil' ? a : 'float';
    }
    case 'CallExpression': {
      const call = node as jsep.CallExpression;
      const callee = call.callee.type === 'Identifier' ? (call.callee as jsep.Identifier).name : '';
      if (!FUNCTIONS.includes(callee))
        return fail(text, `unknown func ${callee || '(expression)'}: ${GRAMMAR}`, callee || '(');
      const args = call.arguments.map((a) => check(a, text, names));
      const want = callee === 'min' || callee === 'max' ? args.length >= 1 : args.length === 1;
      if (!want) fail(text, `not enough arguments to call ${callee}`, callee);
      for (const k of args)
        if (k === 'bool') fail(text, `invalid argument for ${callee} (type bool)`, callee);
      if (callee === 'float') return args[0] === 'nil' ? 'nil' : 'float';
      if (callee === 'int') return 'int';
      if (callee === 'abs') return args[0]!;
      return 'float';
    }
    default:
      return fail(
        text,
        `${node.type} is outside the formula grammar: ${GRAMMAR}`,
        text.trim()[0] ?? '',
      );
  }
}

function goType(k: Kind): string {
  return k === 'float' ? 'float64' : k === 'nil' ? '<nil>' : k;
}

/** Compiles `formula` over the trigger names; a located error (expr-lang's wording) when it does not. */
export function compileFormula(formula: string, names: readonly string[]): Program | FormulaError {
  try {
    const node = jsep(formula);
    check(node, formula, new Set(names));
    return { formula, node };
  } catch (e) {
    if (e instanceof Located) return { message: e.message, index: e.index };
    const err = e as Error & { index?: number; description?: string };
    const index = typeof err.index === 'number' ? Math.min(err.index, formula.length) : 0;
    return { message: `${err.description ?? err.message} ${at(formula, index)}`, index };
  }
}

export function isFormulaError(p: Program | FormulaError): p is FormulaError {
  return 'message' in p;
}

function num(v: Value, what: string): number {
  if (typeof v !== 'number')
    throw new Error(`invalid operation: ${what} on ${v === null ? '<nil>' : typeof v}`);
  return v;
}

function evaluate(node: jsep.Expression, env: Readonly<Record<string, Value>>): Value {
  switch (node.type) {
    case 'Literal':
      return (node as jsep.Literal).value as Value;
    case 'Identifier': {
      const name = (node as jsep.Identifier).name;
      return name === 'nil' ? null : (env[name] ?? null);
    }
    case 'UnaryExpression': {
      const u = node as jsep.UnaryExpression;
      const v = evaluate(u.argument, env);
      if (u.operator === '!' || u.operator === 'not') return !v;
      return u.operator === '-' ? -num(v, '-') : num(v, '+');
    }
    case 'BinaryExpression': {
      const b = node as jsep.BinaryExpression;
      const l = evaluate(b.left, env);
      if (b.operator === '??') return l ?? evaluate(b.right, env);
      if (b.operator === '&&' || b.operator === 'and')
        return l === true && evaluate(b.right, env) === true;
      if (b.operator === '||' || b.operator === 'or')
        return l === true || evaluate(b.right, env) === true;
      const r = evaluate(b.right, env);
      if (b.operator === '==') return l === r;
      if (b.operator === '!=') return l !== r;
      const x = num(l, b.operator);
      const y = num(r, b.operator);
      switch (b.operator) {
        case '+':
          return x + y;
        case '-':
          return x - y;
        case '*':
          return x * y;
        case '/':
          return x / y;
        case '%':
          if (y === 0) throw new Error('integer divide by zero');
          return x % y;
        case '**':
        case '^':
          return x ** y;
        case '<':
          return x < y;
        case '>':
          return x > y;
        case '<=':
          return x <= y;
        default:
          return x >= y;
      }
    }
    case 'ConditionalExpression': {
      const c = node as jsep.ConditionalExpression;
      return evaluate(c.test, env) === true
        ? evaluate(c.consequent, env)
        : evaluate(c.alternate, env);
    }
    default: {
      const call = node as jsep.CallExpression;
      const name = (call.callee as jsep.Identifier).name;
      const args = call.arguments.map((a) => evaluate(a, env));
      if (name === 'float') return args[0] === null ? null : num(args[0]!, 'float');
      const xs = args.map((a) => num(a, name));
      switch (name) {
        case 'min':
          return Math.min(...xs);
        case 'max':
          return Math.max(...xs);
        case 'abs':
          return Math.abs(xs[0]!);
        case 'int':
          return Math.trunc(xs[0]!);
        case 'ceil':
          return Math.ceil(xs[0]!);
        case 'floor':
          return Math.floor(xs[0]!);
        default:
          return Math.sign(xs[0]!) * Math.round(Math.abs(xs[0]!));
      }
    }
  }
}

/** expr.Run: the value, or the run-time error's text. */
export function runFormula(
  program: Program,
  env: Readonly<Record<string, Value>>,
): { value: Value } | { error: string } {
  try {
    return { value: evaluate(program.node, env) };
  } catch (e) {
    return { error: (e as Error).message };
  }
}
