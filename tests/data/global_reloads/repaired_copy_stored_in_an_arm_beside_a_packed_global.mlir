// Review 45: @a and @b are computed in one initializer (IREE packs them into one 128-byte
// allocation: both storage-size globals are stored 128 there) and stored fresh 16-byte buffers
// by @reset. @f hands @b's load to a loop and inserts a row into it in place: the check shows
// the loop's copy of @b unordered with the in-place update, and the repair writes a fresh copy,
// which @f stores to @b in an scf.if arm. IREE 3.13's iree-util-fuse-globals reads no store in
// a region: it fused @b's size global into @a's and erased the arm's store of it, and the
// repaired build bound @b's fresh 16 bytes as 128 (OUT_OF_RANGE on the second call). Stock,
// which updates @b in place, computed the answer in these runs. The compile now declares the
// globals a repaired module stores in a region public, which the pass leaves alone, and builds
// right (global_fusion.keep_out_of_fusion); left to the pass, its verification refuses.
module @m {
  util.global private mutable @a : tensor<4xi32>
  util.global private mutable @b : tensor<4xi32>
  util.initializer {
    %x = util.unfoldable_constant dense<[1, 2, 3, 4]> : tensor<4xi32>
    %p = arith.addi %x, %x : tensor<4xi32>
    util.global.store %p, @a : tensor<4xi32>
    %q = arith.muli %x, %x : tensor<4xi32>
    util.global.store %q, @b : tensor<4xi32>
    util.return
  }
  util.func public @reset(%x: tensor<4xi32>) {
    %p = arith.addi %x, %x : tensor<4xi32>
    util.global.store %p, @a : tensor<4xi32>
    %pb = util.optimization_barrier %p : tensor<4xi32>
    %q = arith.muli %pb, %pb : tensor<4xi32>
    util.global.store %q, @b : tensor<4xi32>
    util.return
  }
  util.func public @geta() -> tensor<4xi32> {
    %v = util.global.load @a : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @getb() -> tensor<4xi32> {
    %v = util.global.load @b : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @f(%row: tensor<1xi32>, %n: index, %m: index) -> tensor<4xi32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %ones = arith.constant dense<1> : tensor<4xi32>
    %x = util.global.load @b : tensor<4xi32>
    %r = scf.for %j = %c0 to %m step %c1 iter_args(%acc = %x) -> tensor<4xi32> {
      %a2 = arith.addi %acc, %ones : tensor<4xi32>
      scf.yield %a2 : tensor<4xi32>
    }
    %u = tensor.insert_slice %row into %x[0] [1] [1] : tensor<1xi32> into tensor<4xi32>
    %cond = arith.cmpi sgt, %n, %c0 : index
    scf.if %cond {
      util.global.store %u, @b : tensor<4xi32>
    }
    util.return %r : tensor<4xi32>
  }
}
