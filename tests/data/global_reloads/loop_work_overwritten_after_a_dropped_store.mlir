// A store, a loop that doubles the global (scratch work), then a reset. IREE 3.13 drops the
// first store (the reset overwrites it; iree-util-simplify-global-accesses does not look into
// the loop), so the loop doubles the old value -- but what the loop computes from the global
// goes only to the global, which the reset overwrites unread: stock is right, and the check
// builds it (global_order._only_overwritten_work; the tensor campaign's dead-reads findings).
module @m {
  util.global private mutable @g = dense<[1, 2, 3, 4]> : tensor<4xi32>

  util.func public @f(%n: index) {
    %c = arith.constant dense<[5, 6, 7, 8]> : tensor<4xi32>
    util.global.store %c, @g : tensor<4xi32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      %x = util.global.load @g : tensor<4xi32>
      %d = arith.addi %x, %x : tensor<4xi32>
      util.global.store %d, @g : tensor<4xi32>
    }
    %z = arith.constant dense<[9, 9, 9, 9]> : tensor<4xi32>
    util.global.store %z, @g : tensor<4xi32>
    util.return
  }
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
}
