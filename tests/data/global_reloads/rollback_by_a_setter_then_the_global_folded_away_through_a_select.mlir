// Seed 16101's program with the zeros stored through a select of them twice, which MLIR folds
// to the zeros and the check does not read (so the store shows no constant): IREE erases the
// setter's roll-back, forwards the zeros to the reload and folds @g0 away, as before. Kills
// the weakening that pairs a function with no access left at the splice with nothing.
#id = affine_map<(d0) -> (d0)>
module @m {
  util.global private mutable @g0 = dense<[40, 0, 0, 0]> : tensor<4xi32>
  util.func private @h0(%x: tensor<4xi32>) {
    util.global.store %x, @g0 : tensor<4xi32>
    util.return
  }
  util.func public @f0() -> (tensor<4xi32>) {
    %v1 = util.global.load @g0 : tensor<4xi32>
    %v2 = util.global.load @g0 : tensor<4xi32>
    %k3 = arith.constant 0 : i32
    %v4 = linalg.fill ins(%k3 : i32) outs(%v2 : tensor<4xi32>) -> tensor<4xi32>
    %v5 = arith.constant dense<[0, 0, 0, 0]> : tensor<4xi32>
    %c0 = arith.constant 0 : index
    %e = tensor.extract %v1[%c0] : tensor<4xi32>
    %p = arith.cmpi sge, %e, %e : i32
    %v10 = arith.select %p, %v5, %v5 : tensor<4xi32>
    util.global.store %v10, @g0 : tensor<4xi32>
    util.call @h0(%v1) : (tensor<4xi32>) -> ()
    %v12 = util.global.load @g0 : tensor<4xi32>
    util.return %v12 : tensor<4xi32>
  }
}
