/**
 * exec.go's evaluation of pipelines, commands, fields, variables and function calls, with its
 * argument checks and conversions (evalArg, validateType) and error texts. Function by function
 * as in Go, including where s.at() moves the error location.
 */
import { BUILTINS, type Builtin, type ParamType } from './builtins';
import type {
  ChainNode,
  CommandNode,
  FieldNode,
  IdentifierNode,
  Node,
  NumberNode,
  PipeNode,
  VariableNode,
} from './nodes';
import { nodeString } from './nodes';
import { FmtLimitError } from './printf';
import type { State } from './state';
import { quoteString } from './strconv';
import { Iface, type Val, mapGet, toGo, truth, typeName, unbox } from './value';
import { GoFuncError, type GoFunc, type GoValue, isGoMap } from './values';

/** Go's missingVal: no value came down the pipeline. */
export const MISSING = Symbol('missing');
export type Final = Val | typeof MISSING;

/** evalArg's type for a receiver (Go passes a nil reflect.Type). */
type ArgType = ParamType | 'none';

/** reflect.Type.String() of a parameter type. */
function goTypeName(t: ArgType): string {
  switch (t) {
    case 'any':
      return 'interface {}';
    case '[]any':
      return '[]interface {}';
    case 'map[string]any':
      return 'map[string]interface {}';
    case 'value':
      return 'reflect.Value';
  }
  return t;
}

/**
 * The zero value of a type that nil can be assigned to (Go's canBeNil and reflect.Zero), undefined
 * when there is none. Differs from Go in one way: a nil slice or map parameter receives an empty
 * array or map, so that functions get a value of their declared type.
 */
function zeroOf(t: ArgType): { v: Val } | undefined {
  switch (t) {
    case 'any':
      return { v: null };
    case 'value':
    case 'none':
      return { v: undefined };
    case '[]any':
    case '[]string':
      return { v: [] };
    case 'map[string]any':
      return { v: {} };
  }
  return undefined;
}

/** Whether a value already has a parameter's Go type (validateType's check; the sprig tests call it too). */
export function assignable(v: GoValue, t: ParamType): boolean {
  switch (t) {
    case 'string':
      return typeof v === 'string';
    case 'bool':
      return typeof v === 'boolean';
    case 'int':
    case 'int64':
      return typeof v === 'bigint';
    case 'float64':
      return typeof v === 'number';
    case '[]any':
      return Array.isArray(v);
    // Our arrays do not say whether they are []string: one of strings only is taken as one.
    case '[]string':
      return Array.isArray(v) && (v as readonly GoValue[]).every((x) => typeof x === 'string');
    case 'map[string]any':
      return isGoMap(v);
  }
  return true;
}

/**
 * The value of a pipeline: an interface is unwrapped (exec.go's Elem), so a nil one becomes the
 * invalid value.
 */
export function evalPipeline(s: State, dot: Val, pipe: PipeNode | undefined): GoValue | undefined {
  if (pipe === undefined) return undefined;
  s.at(pipe);
  let value: Final = MISSING;
  for (const cmd of pipe.cmds) {
    // The previous value is the final argument of this command.
    value = unbox(evalCommand(s, dot, cmd, value));
  }
  const result = value === MISSING ? undefined : value;
  for (const variable of pipe.decl) {
    const name = variable.ident[0] as string;
    if (pipe.isAssign) s.setVar(name, result);
    else s.push(name, result);
  }
  return result;
}

function notAFunction(s: State, args: Node[], final: Final): void {
  if (args.length > 1 || final !== MISSING) {
    s.errorf(`can't give argument to non-function ${nodeString(args[0] as Node)}`);
  }
}

function evalCommand(s: State, dot: Val, cmd: CommandNode, final: Final): Val {
  const first = cmd.args[0] as Node;
  switch (first.type) {
    case 'Field':
      return evalFieldNode(s, dot, first, cmd.args, final);
    case 'Chain':
      return evalChainNode(s, dot, first, cmd.args, final);
    case 'Identifier':
      return evalFunction(s, dot, first, cmd, cmd.args.slice(1), final);
    case 'Pipe':
      // A parenthesized pipeline: its arguments are inside, so nothing may follow it.
      notAFunction(s, cmd.args, final);
      return evalPipeline(s, dot, first);
    case 'Variable':
      return evalVariableNode(s, first, cmd.args, final);
  }
  s.at(first);
  notAFunction(s, cmd.args, final);
  switch (first.type) {
    case 'Bool':
      return first.value;
    case 'Dot':
      return dot;
    case 'Nil':
      return s.errorf('nil is not a command');
    case 'Number':
      return idealConstant(s, first);
    case 'String':
      return first.text;
  }
  s.errorf(`can't evaluate command ${quoteString(nodeString(first))}`);
}

/**
 * A number whose type the context does not give: the syntax decides (Go's ideal constants). Differs
 * from Go: complex numbers are refused, as no value here can hold one.
 */
function idealConstant(s: State, n: NumberNode): Val {
  s.at(n);
  const t = n.text;
  if (n.isComplex) s.errorf(`complex constant ${t} is not supported`);
  const isHexInt = t.length > 2 && t[0] === '0' && (t[1] === 'x' || t[1] === 'X') && !/[pP]/.test(t);
  const isRuneInt = t[0] === "'";
  if (n.isFloat && !isHexInt && !isRuneInt && /[.eEpP]/.test(t)) return n.float64;
  if (n.isInt) return n.int64;
  if (n.isUint) s.errorf(`${t} overflows int`);
  return undefined;
}

function evalFieldNode(s: State, dot: Val, field: FieldNode, args: Node[], final: Final): Val {
  s.at(field);
  return evalFieldChain(s, dot, field.ident, args, final);
}

function evalChainNode(s: State, dot: Val, chain: ChainNode, args: Node[], final: Final): Val {
  s.at(chain);
  if (chain.field.length === 0) s.errorf('internal error: no fields in evalChainNode');
  if (chain.node.type === 'Nil') s.errorf(`indirection through explicit nil in ${nodeString(chain)}`);
  // (pipe).Field1.Field2: evaluate the pipeline, then the fields.
  const pipe = evalArg(s, dot, 'none', chain.node);
  return evalFieldChain(s, pipe, chain.field, args, final);
}

function evalVariableNode(s: State, variable: VariableNode, args: Node[], final: Final): Val {
  s.at(variable);
  const value = s.varValue(variable.ident[0] as string);
  if (variable.ident.length === 1) {
    notAFunction(s, args, final);
    return value;
  }
  return evalFieldChain(s, value, variable.ident.slice(1), args, final);
}

/** .X.Y.Z: the receiver walks along the chain (no field here takes arguments: no methods). */
function evalFieldChain(s: State, receiver: Val, ident: string[], args: Node[], final: Final): Val {
  const n = ident.length;
  for (let i = 0; i < n - 1; i++) receiver = evalField(s, ident[i] as string, [], MISSING, receiver);
  return evalField(s, ident[n - 1] as string, args, final, receiver);
}

/** .Field on the receiver: a map key (our values have no struct fields or methods). */
function evalField(s: State, fieldName: string, args: Node[], final: Final, receiver: Val): Val {
  if (receiver === undefined) {
    if (s.ctx.missingKey === 'error') s.errorf(`nil data; no entry for key ${quoteString(fieldName)}`);
    return undefined;
  }
  const typ = typeName(receiver);
  const v = receiver instanceof Iface ? receiver.v : receiver;
  if (v === null) s.errorf(`nil pointer evaluating ${typ}.${fieldName}`);
  const hasArgs = args.length > 1 || final !== MISSING;
  if (isGoMap(v)) {
    if (hasArgs) s.errorf(`${fieldName} is not a method but has arguments`);
    const result = mapGet(v, fieldName);
    if (result !== undefined) return new Iface(result);
    switch (s.ctx.missingKey) {
      case 'zero':
        return new Iface(null); // the zero of the element type, interface{}
      case 'error':
        s.errorf(`map has no entry for key ${quoteString(fieldName)}`);
    }
    return undefined;
  }
  s.errorf(`can't evaluate field ${fieldName} in type ${typ}`);
}

type Callee = { builtin: true; fn: Builtin } | { builtin: false; fn: GoFunc };

function evalFunction(s: State, dot: Val, node: IdentifierNode, cmd: Node, args: Node[], final: Final): Val {
  s.at(node);
  const name = node.ident;
  const user = Object.prototype.hasOwnProperty.call(s.ctx.funcs, name) ? s.ctx.funcs[name] : undefined;
  const builtin = BUILTINS.get(name);
  let callee: Callee;
  if (user !== undefined) callee = { builtin: false, fn: user };
  else if (builtin !== undefined) callee = { builtin: true, fn: builtin };
  else s.errorf(`${quoteString(name)} is not a defined function`);
  return evalCall(s, dot, callee, cmd, name, args, final);
}

/** A function call; args are the argument nodes (the function's own node excluded). */
function evalCall(
  s: State,
  dot: Val,
  callee: Callee,
  node: Node,
  name: string,
  args: Node[],
  final: Final,
): Val {
  const params = callee.fn.params;
  const variadic = callee.fn.variadic === true;
  const numIn = args.length + (final !== MISSING ? 1 : 0);
  let numFixed = args.length;
  if (variadic) {
    numFixed = params.length - 1; // the last parameter is the variadic one
    if (numIn < numFixed) {
      s.errorf(`wrong number of args for ${name}: want at least ${params.length - 1} got ${args.length}`);
    }
  } else if (numIn !== params.length) {
    s.errorf(`wrong number of args for ${name}: want ${params.length} got ${numIn}`);
  }
  const last = params[params.length - 1] as ParamType;

  // The builtin and/or short-circuit: the first deciding argument is the result.
  if (callee.builtin && (name === 'and' || name === 'or')) {
    let v: Val = undefined;
    for (const arg of args) {
      v = evalArg(s, dot, 'value', arg);
      if (truth(v) === (name === 'or')) return v;
    }
    // The last argument came down the pipeline: not evaluated again, but type-checked.
    if (final !== MISSING) v = validateType(s, final, 'value');
    return v;
  }

  const argv: Val[] = [];
  let i = 0;
  for (; i < numFixed && i < args.length; i++)
    argv[i] = evalArg(s, dot, params[i] as ParamType, args[i] as Node);
  if (variadic) for (; i < args.length; i++) argv[i] = evalArg(s, dot, last, args[i] as Node);
  if (final !== MISSING) {
    // The final argument is checked against its parameter, a fixed one or the variadic element.
    const t = variadic && numIn - 1 < numFixed ? (params[numIn - 1] as ParamType) : last;
    argv[i] = validateType(s, final, t);
  }

  if (callee.builtin && name === 'call') {
    // No value here is a function: call reports what Go's call does for a non-function.
    const calleeName =
      args.length === 0
        ? typeof final === 'string'
          ? final
          : `<${typeName(final as Val)} Value>`
        : nodeString(args[0] as Node);
    const fn = unbox(argv[0]);
    s.at(node);
    if (fn === undefined) s.errorf('error calling call: call of nil');
    s.errorf(`error calling call: non-function ${calleeName} of type ${typeName(fn)}`);
  }

  try {
    if (callee.builtin) return callee.fn.call(argv, s.ctx.maxOutputBytes);
    const result = callee.fn.call(...argv.map(toGo));
    // A function's nil result is an interface holding nil (Go's functions return `any`).
    return result === null || result === undefined ? new Iface(null) : result;
  } catch (e) {
    if (e instanceof GoFuncError) {
      s.at(node);
      s.errorf(`error calling ${name}: ${e.message}`);
    }
    if (e instanceof FmtLimitError) s.outputLimitError();
    throw e;
  }
}

/** Guarantees that the value is valid and assignable to the type. */
function validateType(s: State, value: Val, typ: ArgType): Val {
  if (value === undefined) {
    const zero = zeroOf(typ);
    if (zero !== undefined) return zero.v;
    s.errorf(`invalid value; expected ${goTypeName(typ)}`);
  }
  if (typ === 'none' || typ === 'value' || typ === 'any') return value;
  const v = value instanceof Iface ? value.v : value;
  if (v === null || !assignable(v, typ)) {
    const got = value instanceof Iface && value.v === null ? 'interface {}' : typeName(v);
    s.errorf(`wrong type for value; expected ${goTypeName(typ)}; got ${got}`);
  }
  return v;
}

function evalArg(s: State, dot: Val, typ: ArgType, n: Node): Val {
  s.at(n);
  switch (n.type) {
    case 'Dot':
      return validateType(s, dot, typ);
    case 'Nil': {
      const zero = zeroOf(typ);
      if (zero !== undefined) return zero.v;
      return s.errorf(`cannot assign nil to ${goTypeName(typ)}`);
    }
    case 'Field':
      return validateType(s, evalFieldNode(s, dot, n, [n], MISSING), typ);
    case 'Variable':
      return validateType(s, evalVariableNode(s, n, [], MISSING), typ);
    case 'Pipe':
      return validateType(s, evalPipeline(s, dot, n), typ);
    case 'Identifier':
      return validateType(s, evalFunction(s, dot, n, n, [], MISSING), typ);
    case 'Chain':
      return validateType(s, evalChainNode(s, dot, n, [], MISSING), typ);
  }
  switch (typ) {
    case 'bool':
      if (n.type === 'Bool') return n.value;
      return s.errorf(`expected bool; found ${nodeString(n)}`);
    case 'float64':
      if (n.type === 'Number' && n.isFloat) return n.float64;
      return s.errorf(`expected float; found ${nodeString(n)}`);
    case 'int':
    case 'int64':
      if (n.type === 'Number' && n.isInt) return n.int64;
      return s.errorf(`expected integer; found ${nodeString(n)}`);
    case 'string':
      if (n.type === 'String') return n.text;
      return s.errorf(`expected string; found ${nodeString(n)}`);
    case 'any':
    case 'value':
      return evalEmptyInterface(s, n);
  }
  s.errorf(`can't handle ${nodeString(n)} for arg of type ${goTypeName(typ)}`);
}

/** A literal argument for an interface{} parameter: its syntax gives its type. */
function evalEmptyInterface(s: State, n: Node): Val {
  s.at(n);
  switch (n.type) {
    case 'Bool':
      return n.value;
    case 'Number':
      return idealConstant(s, n);
    case 'String':
      return n.text;
  }
  s.errorf(`can't handle assignment of ${nodeString(n)} to empty interface argument`);
}
