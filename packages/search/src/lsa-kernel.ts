/**
 * The LSA projection of one document (Σ weight · the term's row of the projection) in
 * WebAssembly SIMD, two lanes per step, bit for bit what the JavaScript loop it replaces gave
 * (`v[j] += weight * row[j]` into a Float32Array: the float row and the double weight multiplied
 * and added to the float sum in double, the sum rounded to float after every term). Each lane's
 * sum takes the same steps in the same order, so the vectors, and the ranking, do not change
 * (decision record 0052). Its text form:
 *
 *   (func (export "project") (param $rows i32) (param $weights i32) (param $n i32) (param $out i32) (param $width i32)
 *     ;; out[0..width) bytes of floats, zeroed by the caller; for each of n terms: the address of
 *     ;; its row (i32 at $rows) and its weight (f64 at $weights)
 *     $end = $rows + 4n
 *     block loop  br_if 1 ($rows ≥ $end)
 *       $row = i32.load($rows)  $w = f64x2.splat(f64.load($weights))  $j = 0
 *       loop  $at = $out + $j
 *         v128.store64_lane 0 ($at, f32x4.demote_f64x2_zero(f64x2.add(
 *           f64x2.promote_low_f32x4(v128.load64_zero($at)),
 *           f64x2.mul(f64x2.promote_low_f32x4(v128.load64_zero($row + $j)), $w))))
 *         $j += 8  br_if 0 ($j < $width)  end
 *       $rows += 4  $weights += 8  br 0
 *     end end)
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

// Locals: 0 rows, 1 weights, 2 n, 3 out, 4 width (parameters), then 5 end, 6 row, 7 j, 8 at (i32), 9 w (v128).
const [ROWS, WEIGHTS, N, OUT, WIDTH, END, ROW, J, AT, W] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
/** The two floats at `address` as doubles: v128.load64_zero (align 8, offset 0), f64x2.promote_low_f32x4. */
const twoFloats = (address: number[]) => [...address, ...simd(0x5d, 0x03, 0x00), ...simd(0x5f)];

const body = eachRow(ROWS, END, get(N), i32(4), [
  ...get(ROWS),
  0x28,
  0x02,
  0x00, // i32.load align 4
  ...set(ROW),
  ...get(WEIGHTS),
  0x2b,
  0x03,
  0x00, // f64.load align 8
  ...simd(0x14), // f64x2.splat
  ...set(W),
  ...countUp(J, 8, WIDTH, [
    ...get(OUT),
    ...get(J),
    ...i32Add,
    ...set(AT),
    ...get(AT), // where the sum goes
    ...twoFloats(get(AT)),
    ...twoFloats([...get(ROW), ...get(J), ...i32Add]),
    ...get(W),
    ...simd(0xf2, 0x01), // f64x2.mul
    ...simd(0xf0, 0x01), // f64x2.add
    ...simd(0x5e), // f32x4.demote_f64x2_zero
    ...simd(0x5b, 0x03, 0x00, 0x00), // v128.store64_lane align 8, offset 0, lane 0
  ]),
  ...addTo(WEIGHTS, i32(8)),
]);

let compiled: WebAssembly.Module | null = null;

/**
 * A model's term → concept projection (terms × k floats) copied once into WebAssembly memory,
 * each row padded to an even number of floats: [rows][out: one padded row][addresses: i32 × n][weights: f64 × n].
 */
export class ConceptProjection {
  private readonly memory: WebAssembly.Memory;
  private readonly project: (rows: number, weights: number, n: number, out: number, width: number) => void;
  /** Bytes per padded row. */
  private readonly width: number;
  private readonly out: number;

  constructor(
    projection: Float32Array,
    private readonly k: number,
  ) {
    compiled ??= new WebAssembly.Module(
      wasmModule(
        'project',
        [I32, I32, I32, I32, I32],
        [
          [4, I32],
          [1, V128],
        ],
        body,
      ),
    );
    const { exports } = new WebAssembly.Instance(compiled);
    this.memory = exports.memory as WebAssembly.Memory;
    this.project = exports.project as ConceptProjection['project'];
    const stride = k + (k % 2);
    const terms = projection.length / k;
    this.width = stride * 4;
    this.out = terms * this.width;
    ensureBytes(this.memory, this.out + this.width);
    const rows = new Float32Array(this.memory.buffer, 0, terms * stride);
    for (let t = 0; t < terms; t++) rows.set(projection.subarray(t * k, (t + 1) * k), t * stride);
  }

  /** Σ weights[e] · row cols[e], as a new vector of k floats. */
  sum(cols: number[], weights: number[]): Float32Array {
    const n = cols.length;
    // Weights first, 8-aligned: the out row is a multiple of 8 bytes and starts at one.
    const at = this.out + this.width;
    ensureBytes(this.memory, at + n * 12);
    const buffer = this.memory.buffer;
    new Float64Array(buffer, at, n).set(weights);
    const addresses = new Int32Array(buffer, at + n * 8, n);
    for (let e = 0; e < n; e++) addresses[e] = cols[e]! * this.width;
    const out = new Float32Array(buffer, this.out, this.k);
    out.fill(0);
    this.project(at + n * 8, at, n, this.out, this.width);
    return out.slice();
  }
}
