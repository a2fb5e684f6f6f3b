;; The int8 proposition scan in WebAssembly SIMD: one score per row, as
;; scale[r] * (row r · query), the row int8 and the query int16 (padded with zeros to a multiple of
;; 16 values). Compiled to workers/index/int8-scan-wasm.ts by `npm run build:kernels`.
;;
;; A row's last 16-byte load may run into the next row (rows are `dims` bytes apart, not padded);
;; those bytes meet the query's zero padding, so they add nothing. 16 bytes of slack follow the last row.
(module
  (memory (export "memory") 1)
  (func (export "scores")
    (param $rows i32) (param $n i32) (param $dims i32) (param $query i32) (param $chunks i32) (param $scales i32) (param $out i32)
    (local $r i32) (local $row i32) (local $q i32) (local $c i32) (local $v v128) (local $acc v128)
    (block $done
      (loop $each_row
        (br_if $done (i32.ge_u (local.get $r) (local.get $n)))
        (local.set $acc (v128.const i32x4 0 0 0 0))
        (local.set $row (i32.add (local.get $rows) (i32.mul (local.get $r) (local.get $dims))))
        (local.set $q (local.get $query))
        (local.set $c (i32.const 0))
        (loop $each_chunk
          (local.set $v (v128.load (local.get $row)))
          (local.set $acc (i32x4.add (local.get $acc)
            (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $v)) (v128.load (local.get $q)))))
          (local.set $acc (i32x4.add (local.get $acc)
            (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $v)) (v128.load offset=16 (local.get $q)))))
          (local.set $row (i32.add (local.get $row) (i32.const 16)))
          (local.set $q (i32.add (local.get $q) (i32.const 32)))
          (local.set $c (i32.add (local.get $c) (i32.const 1)))
          (br_if $each_chunk (i32.lt_u (local.get $c) (local.get $chunks))))
        (f32.store
          (i32.add (local.get $out) (i32.shl (local.get $r) (i32.const 2)))
          (f32.mul
            (f32.convert_i32_s
              (i32.add
                (i32.add (i32x4.extract_lane 0 (local.get $acc)) (i32x4.extract_lane 1 (local.get $acc)))
                (i32.add (i32x4.extract_lane 2 (local.get $acc)) (i32x4.extract_lane 3 (local.get $acc)))))
            (f32.load (i32.add (local.get $scales) (i32.shl (local.get $r) (i32.const 2))))))
        (local.set $r (i32.add (local.get $r) (i32.const 1)))
        (br $each_row)))))
