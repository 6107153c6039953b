// A row written into @g's load, and stored twice in every turn of a loop: once as it is, once
// as the loop carries it (the same row written again). IREE folds both to one SSA value and its
// stream conversion gives each store a clone of its own; IREE's schedule then swaps the two
// stores. Both hold the same bytes, so no order of them can show, and plain iree-compile's build
// is right: the check must build it (global_order._one_store_per_value over the values stored
// back through their clones), not refuse the reorder (the tensor campaign, seed 11101).
module @m {
  util.global private mutable @g = dense<[31, 45, 27, 38]> : tensor<4xi32>

  util.func public @f(%row: tensor<1xi32>) -> tensor<4xi32> {
    %a = util.global.load @g : tensor<4xi32>
    %u = tensor.insert_slice %row into %a[2] [1] [1] : tensor<1xi32> into tensor<4xi32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %u) -> (tensor<4xi32>) {
      %again = tensor.insert_slice %row into %u[2] [1] [1] : tensor<1xi32> into tensor<4xi32>
      util.global.store %u, @g : tensor<4xi32>
      util.global.store %acc, @g : tensor<4xi32>
      scf.yield %again : tensor<4xi32>
    }
    util.return %r : tensor<4xi32>
  }
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
}
