;; The base64 alphabet scan of src/cli/elided-json.ts: a catalog's bundle objects are ~90% of its
;; bytes, and this finds where each one's base64 ends (and so whether all of it is base64) 16 bytes at
;; a time, without making it a JavaScript string. `npm run build:wasm` assembles it into
;; base64-scan-module.ts (test/unit/cli/base64-scan.test.ts holds the two together).
(module
  (memory (export "memory") 1)
  ;; The first offset in [i, n) whose byte is not in base64's alphabet [A-Za-z0-9+/], or n.
  (func (export "scan") (param $i i32) (param $n i32) (result i32)
    (local $v v128) (local $c i32)
    ;; 16 bytes at a time: letters are those whose lower case ((v | 0x20) - 'a') is below 26 unsigned,
    ;; digits (v - '0') below 10, then '+' and '/'; a block with any other byte ends the loop.
    (block $tail
      (loop $simd
        (br_if $tail (i32.gt_u (i32.add (local.get $i) (i32.const 16)) (local.get $n)))
        (local.set $v (v128.load (local.get $i)))
        (br_if $tail
          (i32.eqz
            (i8x16.all_true
              (v128.or
                (v128.or
                  (i8x16.lt_u
                    (i8x16.sub (v128.or (local.get $v) (i8x16.splat (i32.const 0x20))) (i8x16.splat (i32.const 0x61)))
                    (i8x16.splat (i32.const 26)))
                  (i8x16.lt_u
                    (i8x16.sub (local.get $v) (i8x16.splat (i32.const 0x30)))
                    (i8x16.splat (i32.const 10))))
                (v128.or
                  (i8x16.eq (local.get $v) (i8x16.splat (i32.const 0x2b)))
                  (i8x16.eq (local.get $v) (i8x16.splat (i32.const 0x2f))))))))
        (local.set $i (i32.add (local.get $i) (i32.const 16)))
        (br $simd)))
    ;; The rest, and the block that ended the loop, a byte at a time: the same classes.
    (block $end
      (loop $bytes
        (br_if $end (i32.ge_u (local.get $i) (local.get $n)))
        (local.set $c (i32.load8_u (local.get $i)))
        (br_if $end
          (i32.eqz
            (i32.or
              (i32.or
                (i32.lt_u (i32.sub (i32.or (local.get $c) (i32.const 0x20)) (i32.const 0x61)) (i32.const 26))
                (i32.lt_u (i32.sub (local.get $c) (i32.const 0x30)) (i32.const 10)))
              (i32.or
                (i32.eq (local.get $c) (i32.const 0x2b))
                (i32.eq (local.get $c) (i32.const 0x2f))))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $bytes)))
    (local.get $i)))
