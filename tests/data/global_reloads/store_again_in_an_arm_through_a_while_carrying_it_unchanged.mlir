// Seed 17101's shape with a while loop that counts to 2 and hands v1 on unchanged: its result
// is v1 (MLIR folds it). IREE merges the two arms and moves the second store of v1 above the
// first. Both builds compute the program's answer.
module @m {
  util.global private mutable @g0 = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g0 : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @f(%flag: i1) -> tensor<4xi32> {
    %v1 = scf.if %flag -> (tensor<4xi32>) {
      %v = util.global.load @g0 : tensor<4xi32>
      %x = arith.addi %v, %v : tensor<4xi32>
      scf.yield %x : tensor<4xi32>
    } else {
      %z = arith.constant dense<0> : tensor<4xi32>
      scf.yield %z : tensor<4xi32>
    }
    util.global.store %v1, @g0 : tensor<4xi32>
    scf.if %flag {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %w:2 = scf.while (%i = %c0, %acc = %v1) : (index, tensor<4xi32>) -> (index, tensor<4xi32>) {
        %go = arith.cmpi slt, %i, %c2 : index
        scf.condition(%go) %i, %acc : index, tensor<4xi32>
      } do {
      ^bb0(%j: index, %a: tensor<4xi32>):
        %n = arith.addi %j, %c1 : index
        scf.yield %n, %a : index, tensor<4xi32>
      }
      util.global.store %w#1, @g0 : tensor<4xi32>
    }
    util.return %v1 : tensor<4xi32>
  }
}
