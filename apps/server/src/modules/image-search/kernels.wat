;; SIMD kernels of image search (WebAssembly text; compiled into kernels.wasm.ts by `npm run build:kernels -w apps/server`).
;; Plain JavaScript needs ~90 ms of CPU to score 50,000 stored 1,792-byte vectors; these loops do it with 128-bit
;; integer SIMD, and match ORB descriptors (Hamming distance) for the geometric re-ranking.
(module
  (memory (export "memory") 1)

  ;; For each of `rows` rows of `stride` unsigned bytes at `mat` (stride a multiple of 16), the dot product with the
  ;; query of `stride` signed 16-bit values at `q` (each in 0..127, so a row's sum stays far below 2^31);
  ;; written as i32 to `out`.
  (func (export "dotU8I16") (param $mat i32) (param $rows i32) (param $stride i32) (param $q i32) (param $out i32)
    (local $r i32) (local $i i32) (local $row i32) (local $acc v128) (local $v v128)
    (block $done
      (loop $rowLoop
        (br_if $done (i32.ge_u (local.get $r) (local.get $rows)))
        (local.set $row (i32.add (local.get $mat) (i32.mul (local.get $r) (local.get $stride))))
        (local.set $acc (v128.const i32x4 0 0 0 0))
        (local.set $i (i32.const 0))
        (block $rowDone
          (loop $colLoop
            (br_if $rowDone (i32.ge_u (local.get $i) (local.get $stride)))
            (local.set $v (v128.load (i32.add (local.get $row) (local.get $i))))
            (local.set $acc
              (i32x4.add (local.get $acc)
                (i32x4.dot_i16x8_s
                  (i16x8.extend_low_i8x16_u (local.get $v))
                  (v128.load (i32.add (local.get $q) (i32.shl (local.get $i) (i32.const 1)))))))
            (local.set $acc
              (i32x4.add (local.get $acc)
                (i32x4.dot_i16x8_s
                  (i16x8.extend_high_i8x16_u (local.get $v))
                  (v128.load (i32.add (i32.add (local.get $q) (i32.shl (local.get $i) (i32.const 1))) (i32.const 16))))))
            (local.set $i (i32.add (local.get $i) (i32.const 16)))
            (br $colLoop)))
        (i32.store
          (i32.add (local.get $out) (i32.shl (local.get $r) (i32.const 2)))
          (i32.add
            (i32.add (i32x4.extract_lane 0 (local.get $acc)) (i32x4.extract_lane 1 (local.get $acc)))
            (i32.add (i32x4.extract_lane 2 (local.get $acc)) (i32x4.extract_lane 3 (local.get $acc)))))
        (local.set $r (i32.add (local.get $r) (i32.const 1)))
        (br $rowLoop))))

  ;; Two nearest neighbours by Hamming distance of 32-byte binary descriptors (ORB): for each of the `na` descriptors
  ;; at `a`, among the `nb` at `b`, writes three i32 to `out`: index of the nearest, its distance, the second distance.
  (func (export "hammingKnn2") (param $a i32) (param $na i32) (param $b i32) (param $nb i32) (param $out i32)
    (local $i i32) (local $j i32) (local $a0 v128) (local $a1 v128) (local $pb i32) (local $c v128) (local $d i32)
    (local $best i32) (local $second i32) (local $bestIdx i32) (local $o i32)
    (block $done
      (loop $aLoop
        (br_if $done (i32.ge_u (local.get $i) (local.get $na)))
        (local.set $a0 (v128.load (i32.add (local.get $a) (i32.shl (local.get $i) (i32.const 5)))))
        (local.set $a1 (v128.load (i32.add (i32.add (local.get $a) (i32.shl (local.get $i) (i32.const 5))) (i32.const 16))))
        (local.set $best (i32.const 1000))
        (local.set $second (i32.const 1000))
        (local.set $bestIdx (i32.const -1))
        (local.set $j (i32.const 0))
        (local.set $pb (local.get $b))
        (block $bDone
          (loop $bLoop
            (br_if $bDone (i32.ge_u (local.get $j) (local.get $nb)))
            ;; per-byte bit counts of both halves (each ≤ 8, summed ≤ 16), then widened and summed across lanes
            (local.set $c
              (i32x4.extadd_pairwise_i16x8_u
                (i16x8.extadd_pairwise_i8x16_u
                  (i8x16.add
                    (i8x16.popcnt (v128.xor (local.get $a0) (v128.load (local.get $pb))))
                    (i8x16.popcnt (v128.xor (local.get $a1) (v128.load offset=16 (local.get $pb))))))))
            (local.set $d
              (i32.add
                (i32.add (i32x4.extract_lane 0 (local.get $c)) (i32x4.extract_lane 1 (local.get $c)))
                (i32.add (i32x4.extract_lane 2 (local.get $c)) (i32x4.extract_lane 3 (local.get $c)))))
            (if (i32.lt_u (local.get $d) (local.get $best))
              (then
                (local.set $second (local.get $best))
                (local.set $best (local.get $d))
                (local.set $bestIdx (local.get $j)))
              (else
                (if (i32.lt_u (local.get $d) (local.get $second))
                  (then (local.set $second (local.get $d))))))
            (local.set $pb (i32.add (local.get $pb) (i32.const 32)))
            (local.set $j (i32.add (local.get $j) (i32.const 1)))
            (br $bLoop)))
        (local.set $o (i32.add (local.get $out) (i32.mul (local.get $i) (i32.const 12))))
        (i32.store (local.get $o) (local.get $bestIdx))
        (i32.store offset=4 (local.get $o) (local.get $best))
        (i32.store offset=8 (local.get $o) (local.get $second))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $aLoop))))
)
