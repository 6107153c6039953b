// @copy is stored only in the condition region of an scf.while, with the value the loop carries
// unchanged: @src's load. MLIR folds the carried argument into that load, and IREE 3.13's
// renameChainedGlobals then takes @copy for @src (every store of @copy stores a load of @src):
// the first @get returns @src's initial value, not @copy's. The check must see the load through
// the carried argument (region_flow.invariant_argument) and refuse (the tensor campaign, seed
// 11101: a miss of both builds).
module @m {
  util.global private mutable @src = dense<[38, 32, 36, 11]> : tensor<4xi32>
  util.global private mutable @copy = dense<[0, 43, 37, 41]> : tensor<4xi32>

  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @copy : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @sync() -> tensor<4xi32> {
    %v = util.global.load @src : tensor<4xi32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r:2 = scf.while (%i = %c0, %acc = %v) : (index, tensor<4xi32>) -> (index, tensor<4xi32>) {
      util.global.store %acc, @copy : tensor<4xi32>
      %go = arith.cmpi slt, %i, %c0 : index
      scf.condition(%go) %i, %acc : index, tensor<4xi32>
    } do {
    ^bb0(%j: index, %a: tensor<4xi32>):
      %n = arith.addi %j, %c1 : index
      scf.yield %n, %a : index, tensor<4xi32>
    }
    util.return %r#1 : tensor<4xi32>
  }
}
