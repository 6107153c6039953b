// Tensor campaign seed 16101 (both builds wrong): @f0 loads @g0, stores zeros (a loop of no
// turn hands its init back), then an inlined setter stores the load back and a reload returns
// it. IREE erases the setter's store as a store of what @g0 holds, forwards the zeros to the
// reload, and then folds @g0 away: no access to a global is left at the splice, and plain
// iree-compile returns zeros where the program returns the load. A function the splice has with
// no access left is compared as one whose accesses are all gone: refused.
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
    %c6 = arith.constant 0 : index
    %c7 = arith.constant 1 : index
    %c8 = arith.constant 0 : index
    %v10 = scf.for %i9 = %c6 to %c8 step %c7 iter_args(%acc11 = %v5) -> (tensor<4xi32>) {
      scf.yield %acc11 : tensor<4xi32>
    }
    util.global.store %v10, @g0 : tensor<4xi32>
    util.call @h0(%v1) : (tensor<4xi32>) -> ()
    %v12 = util.global.load @g0 : tensor<4xi32>
    util.return %v12 : tensor<4xi32>
  }
}
