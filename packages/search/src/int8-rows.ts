/**
 * Dot products of one int8 query with many int8 rows, in WebAssembly SIMD (16 products per
 * step instead of one in a JavaScript loop). The module is assembled here from its opcodes, so
 * there is no binary file or build step; its text form:
 *
 *   (func (export "dot") (param $q i32) (param $rows i32) (param $n i32) (param $dims i32) (param $out i32)
 *     ;; for each of n rows of dims bytes from $rows: out[s] = Σ q[i]·row[i] as i32 (dims a multiple of 16)
 *     $end = $rows + n·dims
 *     block loop  br_if 1 ($rows ≥ $end)  $acc = 0  $i = 0
 *       loop  $x = v128.load($q + $i)  $y = v128.load($rows + $i)
 *         $acc = i32x4.add($acc, i32x4.extadd_pairwise_i16x8_s(i16x8.add(i16x8.extmul_low_i8x16_s($x, $y), i16x8.extmul_high_i8x16_s($x, $y))))
 *         $i += 16  br_if 0 ($i < $dims)  end
 *       i32.store($out, lane0 + lane1 + lane2 + lane3 of $acc)  $out += 4  $rows += $dims  br 0
 *     end end)
 *
 * Values must lie in −127..127, so a pair of products fits an i16 (2 · 127² < 2¹⁵).
 */
import {
  addTo,
  countUp,
  eachRow,
  ensureBytes,
  get,
  I32,
  i32,
  i32Add,
  set,
  simd,
  V128,
  wasmModule,
} from './wasm-module.ts';

// Locals: 0 q, 1 rows, 2 n, 3 dims, 4 out (parameters), then 5 end, 6 i (i32), 7 acc, 8 x, 9 y (v128).
const [Q, ROWS, N, DIMS, OUT, END, I, ACC, X, Y] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
const v128Load = simd(0x00, 0x00, 0x00); // align 1, offset 0
const lane = (n: number) => [...get(ACC), ...simd(0x1b, n)]; // i32x4.extract_lane n

const body = eachRow(ROWS, END, get(N), get(DIMS), [
  ...simd(0x0c, ...new Array<number>(16).fill(0)),
  ...set(ACC), // v128.const 0
  ...countUp(I, 16, DIMS, [
    ...get(Q),
    ...get(I),
    ...i32Add,
    ...v128Load,
    ...set(X),
    ...get(ROWS),
    ...get(I),
    ...i32Add,
    ...v128Load,
    ...set(Y),
    ...get(ACC),
    ...get(X),
    ...get(Y),
    ...simd(0x9c, 0x01), // i16x8.extmul_low_i8x16_s
    ...get(X),
    ...get(Y),
    ...simd(0x9d, 0x01), // i16x8.extmul_high_i8x16_s
    ...simd(0x8e, 0x01), // i16x8.add
    ...simd(0x7e), // i32x4.extadd_pairwise_i16x8_s
    ...simd(0xae, 0x01),
    ...set(ACC), // i32x4.add
  ]),
  ...get(OUT),
  ...lane(0),
  ...lane(1),
  ...i32Add,
  ...lane(2),
  ...lane(3),
  ...i32Add,
  ...i32Add,
  0x36,
  0x02,
  0x00, // i32.store align 4
  ...addTo(OUT, i32(4)),
]);

const MODULE = wasmModule(
  'dot',
  [I32, I32, I32, I32, I32],
  [
    [2, I32],
    [3, V128],
  ],
  body,
);
/** A float vector as int8 (largest |value| ↦ 127) and the factor turning those back into floats. */
export interface Int8Query {
  bytes: Int8Array;
  scale: number;
}

/** Writes `vector` as int8 into `bytes`; returns the factor turning its values back into floats. */
function quantize(vector: ArrayLike<number>, bytes: Int8Array): number {
  const dims = bytes.length;
  let max = 0;
  for (let i = 0; i < dims; i++) max = Math.max(max, Math.abs(vector[i] ?? 0));
  const factor = max ? 127 / max : 0;
  for (let i = 0; i < dims; i++) bytes[i] = Math.round((vector[i] ?? 0) * factor);
  return max / 127;
}

export function int8Query(vector: ArrayLike<number>, dims: number): Int8Query {
  const bytes = new Int8Array(dims);
  return { bytes, scale: quantize(vector, bytes) };
}

/** The module, compiled once for every instance (the inverted lists hold hundreds). */
let compiled: WebAssembly.Module | null = null;

/**
 * Rows of int8 values, each with its own scale (largest |value| ↦ 127), held in WebAssembly
 * memory: [query: dims bytes][rows: capacity × dims][scores: capacity × i32]. `scores` gives
 * every row's dot product with a float query, approximately (a few parts in a thousand of a
 * unit vector's length), for picking the rows worth an exact look.
 */
export class Int8Rows {
  private readonly memory: WebAssembly.Memory;
  private readonly dot: (q: number, rows: number, n: number, dims: number, out: number) => void;
  private capacity = 0;
  private scales = new Float32Array(0);
  length = 0;

  /** `initial`: how many rows room is made for at first (doubled as needed). */
  constructor(
    private readonly dims: number,
    private readonly initial = 1024,
  ) {
    if (dims % 16) throw new Error('Int8Rows needs a multiple of 16 dimensions');
    compiled ??= new WebAssembly.Module(MODULE);
    const { exports } = new WebAssembly.Instance(compiled);
    this.memory = exports.memory as WebAssembly.Memory;
    this.dot = exports.dot as Int8Rows['dot'];
  }

  /** Keeps the first `length` rows, forgetting the rest. */
  truncate(length: number): void {
    this.length = Math.min(this.length, length);
  }

  /** Stores a vector as row `slot` (at most one past the last). */
  put(slot: number, vector: ArrayLike<number>): void {
    if (slot >= this.capacity) this.grow(Math.max(this.initial, this.capacity * 2));
    this.scales[slot] = quantize(vector, new Int8Array(this.memory.buffer, this.dims + slot * this.dims, this.dims));
    this.length = Math.max(this.length, slot + 1);
  }

  /** Approximate dot product of `query` with every row, by slot. */
  scores(query: ArrayLike<number>): Float32Array {
    const scores = new Float32Array(this.length);
    this.scoresInto(int8Query(query, this.dims), scores, 0);
    return scores;
  }

  /** `scores` of a query made int8 once, written into `out` from `at`: one query probes many lists (inverted-lists.ts). */
  scoresInto(query: Int8Query, out: Float32Array, at: number): void {
    new Int8Array(this.memory.buffer, 0, this.dims).set(query.bytes);
    const products = this.dims + this.capacity * this.dims;
    this.dot(0, this.dims, this.length, this.dims, products);
    const dots = new Int32Array(this.memory.buffer, products, this.length);
    for (let s = 0; s < this.length; s++) out[at + s] = dots[s]! * this.scales[s]! * query.scale;
  }

  private grow(capacity: number): void {
    ensureBytes(this.memory, this.dims + capacity * (this.dims + 4));
    const scales = new Float32Array(capacity);
    scales.set(this.scales);
    this.scales = scales;
    this.capacity = capacity;
  }
}
