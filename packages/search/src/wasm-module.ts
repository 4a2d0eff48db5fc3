/**
 * Just enough of a WebAssembly assembler for the search's SIMD kernels (int8-rows.ts,
 * lsa-kernel.ts): instructions written as their opcodes' bytes, and a module of one exported
 * function over one exported memory. No binary file, no build step, no dependency.
 */

export const I32 = 0x7f;
export const V128 = 0x7b;

export const get = (local: number) => [0x20, local];
export const set = (local: number) => [0x21, local];
/** `i32.const` of a value in 0..63 (one byte of signed LEB128). */
export const i32 = (value: number) => {
  if (value < 0 || value > 63) throw new Error('i32 constants here are 0..63');
  return [0x41, value];
};
export const simd = (...opcode: number[]) => [0xfd, ...opcode];
export const [i32Add, i32Mul, i32GeU, i32LtU] = [[0x6a], [0x6c], [0x4f], [0x49]];
/** `block` and `loop` with no result, their `end`, and the branches (depth 0: the innermost). */
export const [block, loop, end] = [[0x02, 0x40], [0x03, 0x40], [0x0b]];
export const br = (depth: number) => [0x0c, depth];
export const brIf = (depth: number) => [0x0d, depth];

/** `local += by` (`by`: instructions leaving an i32). */
export const addTo = (local: number, by: number[]) => [...get(local), ...by, ...i32Add, ...set(local)];

/** `local = 0; do { body; local += step } while (local < limit)` (`limit` a local). */
export const countUp = (local: number, step: number, limit: number, body: number[]) => [
  ...i32(0),
  ...set(local),
  ...loop,
  ...body,
  ...addTo(local, i32(step)),
  ...get(local),
  ...get(limit),
  ...i32LtU,
  ...brIf(0),
  ...end,
];

/** `for (last = at + count · size; at < last; at += size) body` (`at`, `last` locals; `count`, `size` instructions leaving an i32). */
export const eachRow = (at: number, last: number, count: number[], size: number[], body: number[]) => [
  ...get(at),
  ...count,
  ...size,
  ...i32Mul,
  ...i32Add,
  ...set(last),
  ...block,
  ...loop,
  ...get(at),
  ...get(last),
  ...i32GeU,
  ...brIf(1), // leave
  ...body,
  ...addTo(at, size),
  ...br(0),
  ...end,
  ...end,
];

const uleb = (value: number): number[] => (value < 0x80 ? [value] : [(value & 0x7f) | 0x80, ...uleb(value >>> 7)]);
const vec = (items: number[][]) => [...uleb(items.length), ...items.flat()];
const section = (id: number, content: number[]) => [id, ...uleb(content.length), ...content];
const name = (text: string) => vec([...text].map((c) => [c.charCodeAt(0)]));

/** The bytes of a module exporting `memory` (one page to start, grown by its user) and the function `exported(params…)` with no result. */
export function wasmModule(
  exported: string,
  params: number[],
  locals: [count: number, type: number][],
  body: number[],
): Uint8Array<ArrayBuffer> {
  const code = [...vec(locals.map(([count, type]) => [count, type])), ...body, ...end];
  return Uint8Array.from([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00], // \0asm, version 1
    ...section(1, vec([[0x60, ...vec(params.map((p) => [p])), 0]])), // type: (params) → ()
    ...section(3, vec([[0]])), // function 0 has type 0
    ...section(5, vec([[0x00, 1]])), // one memory, 1 page to start
    ...section(
      7,
      vec([
        [...name('memory'), 0x02, 0],
        [...name(exported), 0x00, 0],
      ]),
    ),
    ...section(10, vec([[...uleb(code.length), ...code]])),
  ]);
}

/** Grows `memory` to hold at least `bytes`. */
export function ensureBytes(memory: WebAssembly.Memory, bytes: number): void {
  const PAGE = 65_536;
  const pages = Math.ceil(bytes / PAGE) - memory.buffer.byteLength / PAGE;
  if (pages > 0) memory.grow(pages);
}
