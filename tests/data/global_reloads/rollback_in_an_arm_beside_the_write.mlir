// A cf branch: one arm fills @g's load with zeros and stores it, the other stores the load
// back (a store of @g's own load, which IREE 3.13 erases). The fill is in the arm beside the
// roll-back: no execution runs it between the load and the roll-back, and the erasure changes
// nothing. The check asks the write between to be on a path from the load to the roll-back
// (global_folds._RollBack.written_back); it builds it (the tensor campaign's seed 13102 refused it).
// CALLS: f:0;f:1;f:0
// EXPECT: f=0 35 46 32; f=0 35 46 32; f=0 0 0 0
module @m {
  util.global private mutable @g = dense<[0, 35, 46, 32]> : tensor<4xi32>
  util.func public @f(%flag: i1) -> tensor<4xi32> {
    %old = util.global.load @g : tensor<4xi32>
    cf.cond_br %flag, ^clear, ^keep
  ^done:
    util.return %old : tensor<4xi32>
  ^keep:
    util.global.store %old, @g : tensor<4xi32>
    cf.br ^done
  ^clear:
    %zero = arith.constant 0 : i32
    %cleared = linalg.fill ins(%zero : i32) outs(%old : tensor<4xi32>) -> tensor<4xi32>
    util.global.store %cleared, @g : tensor<4xi32>
    cf.br ^done
  }
}
