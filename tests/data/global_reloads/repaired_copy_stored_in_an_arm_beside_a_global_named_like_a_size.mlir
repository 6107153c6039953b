// Review 47: repaired_copy_stored_in_an_arm_beside_a_packed_global.mlir with a user global
// named @b__storage_size, the name IREE 3.13 gives @b's size global. IREE still fuses @b's
// own size global (its name suffixed) into @a's, where the globals are left to the pass (by the
// name alone the repaired build failed OUT_OF_RANGE). Kept out of fusion, it builds right.
module @m {
  util.global private mutable @a : tensor<4xi32>
  util.global private mutable @b : tensor<4xi32>
  util.global private mutable @b__storage_size = 5 : index
  util.func public @getn() -> index {
    %v = util.global.load @b__storage_size : index
    util.return %v : index
  }
  util.func public @setn(%v: index) {
    util.global.store %v, @b__storage_size : index
    util.return
  }
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
