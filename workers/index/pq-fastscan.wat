;; The 4-bit PQ "fast scan" in WebAssembly SIMD (as Faiss's PQ fast scan): codes in blocks of 32
;; rows, transposed by subspace, so one 16-byte load holds one subspace's codes for 32 rows (byte j:
;; row j in the low nibble, row j + 16 in the high one). The query's table gives each subspace 16
;; uint8 values, and one i8x16.swizzle looks up 16 rows at once. Sums stay in u16 lanes (the tables
;; are scaled so the sum over all subspaces is at most 65,535). Compiled to
;; workers/index/pq-fastscan-wasm.ts by `npm run build:kernels`.
;;
;; `scan` scores blocks [$from, $to) and appends every row below $n whose score is at least $thr to
;; the candidates ($rows: u32, $scores: u16, $count already there). It stops before a block that
;; might not fit under $cap, stores the count at $state and returns the block it stopped at.
(module
  (memory (export "memory") 1)
  (func (export "scan")
    (param $codes i32) (param $subspaces i32) (param $table i32) (param $from i32) (param $to i32) (param $n i32)
    (param $thr i32) (param $rows i32) (param $scores i32) (param $count i32) (param $cap i32)
    (param $scratch i32) (param $state i32)
    (result i32)
    (local $b i32) (local $p i32) (local $t i32) (local $m i32) (local $j i32) (local $row i32) (local $s i32)
    (local $c v128) (local $tv v128) (local $lo v128) (local $hi v128) (local $low v128) (local $threshold v128)
    (local $e0 v128) (local $o0 v128) (local $e1 v128) (local $o1 v128) (local $pairs i32)
    (local.set $low (i8x16.splat (i32.const 15)))
    (local.set $threshold (i16x8.splat (local.get $thr)))
    (local.set $pairs (i32.shr_u (local.get $subspaces) (i32.const 1)))
    (local.set $b (local.get $from))
    (block $done
      (loop $each_block
        (br_if $done (i32.ge_u (local.get $b) (local.get $to)))
        (br_if $done (i32.gt_u (i32.add (local.get $count) (i32.const 32)) (local.get $cap)))
        ;; The 16 looked-up bytes of each half block are added as 8 u16 lanes ($e: an even row plus 256
        ;; times the odd row after it, wrapping) and shifted down by 8 ($o: the odd row), so no lane
        ;; needs widening; the even rows' sums are $e - ($o << 8) at the end, exact modulo 65,536.
        (local.set $e0 (v128.const i32x4 0 0 0 0))
        (local.set $o0 (v128.const i32x4 0 0 0 0))
        (local.set $e1 (v128.const i32x4 0 0 0 0))
        (local.set $o1 (v128.const i32x4 0 0 0 0))
        (local.set $p (i32.add (local.get $codes)
          (i32.shl (i32.mul (local.get $b) (local.get $subspaces)) (i32.const 4))))
        (local.set $t (local.get $table))
        (local.set $m (i32.const 0))
        ;; Two subspaces a round, then the odd one left, if any.
        (block $pairs_done
          (loop $each_pair
            (br_if $pairs_done (i32.ge_u (local.get $m) (local.get $pairs)))
          (local.set $c (v128.load (local.get $p)))
          (local.set $tv (v128.load (local.get $t)))
          (local.set $lo (i8x16.swizzle (local.get $tv) (v128.and (local.get $c) (local.get $low))))
          (local.set $hi (i8x16.swizzle (local.get $tv) (i8x16.shr_u (local.get $c) (i32.const 4))))
          (local.set $e0 (i16x8.add (local.get $e0) (local.get $lo)))
          (local.set $o0 (i16x8.add (local.get $o0) (i16x8.shr_u (local.get $lo) (i32.const 8))))
          (local.set $e1 (i16x8.add (local.get $e1) (local.get $hi)))
          (local.set $o1 (i16x8.add (local.get $o1) (i16x8.shr_u (local.get $hi) (i32.const 8))))
          (local.set $c (v128.load offset=16 (local.get $p)))
          (local.set $tv (v128.load offset=16 (local.get $t)))
          (local.set $lo (i8x16.swizzle (local.get $tv) (v128.and (local.get $c) (local.get $low))))
          (local.set $hi (i8x16.swizzle (local.get $tv) (i8x16.shr_u (local.get $c) (i32.const 4))))
          (local.set $e0 (i16x8.add (local.get $e0) (local.get $lo)))
          (local.set $o0 (i16x8.add (local.get $o0) (i16x8.shr_u (local.get $lo) (i32.const 8))))
          (local.set $e1 (i16x8.add (local.get $e1) (local.get $hi)))
          (local.set $o1 (i16x8.add (local.get $o1) (i16x8.shr_u (local.get $hi) (i32.const 8))))
          (local.set $p (i32.add (local.get $p) (i32.const 32)))
          (local.set $t (i32.add (local.get $t) (i32.const 32)))
          (local.set $m (i32.add (local.get $m) (i32.const 1)))
          (br $each_pair)))
        (if (i32.and (local.get $subspaces) (i32.const 1))
          (then
          (local.set $c (v128.load (local.get $p)))
          (local.set $tv (v128.load (local.get $t)))
          (local.set $lo (i8x16.swizzle (local.get $tv) (v128.and (local.get $c) (local.get $low))))
          (local.set $hi (i8x16.swizzle (local.get $tv) (i8x16.shr_u (local.get $c) (i32.const 4))))
          (local.set $e0 (i16x8.add (local.get $e0) (local.get $lo)))
          (local.set $o0 (i16x8.add (local.get $o0) (i16x8.shr_u (local.get $lo) (i32.const 8))))
          (local.set $e1 (i16x8.add (local.get $e1) (local.get $hi)))
          (local.set $o1 (i16x8.add (local.get $o1) (i16x8.shr_u (local.get $hi) (i32.const 8))))
))
        (local.set $e0 (i16x8.sub (local.get $e0) (i16x8.shl (local.get $o0) (i32.const 8))))
        (local.set $e1 (i16x8.sub (local.get $e1) (i16x8.shl (local.get $o1) (i32.const 8))))
        ;; Most blocks have no row at the threshold: one test for all 32.
        (if (v128.any_true (v128.or
              (v128.or (i16x8.ge_u (local.get $e0) (local.get $threshold)) (i16x8.ge_u (local.get $o0) (local.get $threshold)))
              (v128.or (i16x8.ge_u (local.get $e1) (local.get $threshold)) (i16x8.ge_u (local.get $o1) (local.get $threshold)))))
          (then
            ;; Scratch: rows 0, 2, …, 14; rows 1, 3, …, 15; rows 16, 18, …, 30; rows 17, 19, …, 31.
            (v128.store (local.get $scratch) (local.get $e0))
            (v128.store offset=16 (local.get $scratch) (local.get $o0))
            (v128.store offset=32 (local.get $scratch) (local.get $e1))
            (v128.store offset=48 (local.get $scratch) (local.get $o1))
            (local.set $j (i32.const 0))
            (loop $each_row
              (local.set $row (i32.add (i32.shl (local.get $b) (i32.const 5)) (local.get $j)))
              (local.set $s (i32.load16_u (i32.add (local.get $scratch)
                (i32.add
                  (i32.add (i32.shl (i32.shr_u (local.get $j) (i32.const 4)) (i32.const 5))
                    (i32.shl (i32.and (local.get $j) (i32.const 1)) (i32.const 4)))
                  (i32.and (local.get $j) (i32.const 14))))))
              (if (i32.and (i32.lt_u (local.get $row) (local.get $n)) (i32.ge_u (local.get $s) (local.get $thr)))
                (then
                  (i32.store (i32.add (local.get $rows) (i32.shl (local.get $count) (i32.const 2))) (local.get $row))
                  (i32.store16 (i32.add (local.get $scores) (i32.shl (local.get $count) (i32.const 1))) (local.get $s))
                  (local.set $count (i32.add (local.get $count) (i32.const 1)))))
              (local.set $j (i32.add (local.get $j) (i32.const 1)))
              (br_if $each_row (i32.lt_u (local.get $j) (i32.const 32))))))
        (local.set $b (i32.add (local.get $b) (i32.const 1)))
        (br $each_block)))
    (i32.store (local.get $state) (local.get $count))
    (local.get $b)))
