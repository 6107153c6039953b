// Tensor campaign seed 16101, rerun (both builds wrong): one setter called twice, first with
// zeros (a fill of a reload plus zeros), then with the load taken at entry: a roll-back once
// IREE inlines it. IREE erases the second store as a store of what @g0 holds, forwards the
// zeros to the reload and folds @g0 away; plain iree-compile returns zeros where the program
// returns the load. The setter's one store, taken in at two calls, stores what each call hands
// it: the first call's is a write between the load and the roll-back. Refused.
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
    %v6 = arith.addi %v4, %v5 : tensor<4xi32>
    util.call @h0(%v6) : (tensor<4xi32>) -> ()
    util.call @h0(%v1) : (tensor<4xi32>) -> ()
    %v7 = util.global.load @g0 : tensor<4xi32>
    util.return %v7 : tensor<4xi32>
  }
}
