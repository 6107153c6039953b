// Review 47: copy_read_in_an_if_then_updated.mlir without initial values, @reset storing @cur:
// every size @cur is stored is 16. The repaired copy's store in the arm goes through a barrier,
// which keeps IREE from folding @cur's size global into the constant, and the compile builds
// (without it the size global was gone, and the compile refused a build that is right).
module @m {
  util.global private mutable @cur : tensor<4xi32>
  util.global private mutable @prev : tensor<4xi32>

  util.func public @step(%row: tensor<1xi32>, %apply: i1) -> tensor<4xi32> {
    %c = util.global.load @cur : tensor<4xi32>
    util.global.store %c, @prev : tensor<4xi32>
    %r = scf.if %apply -> (tensor<4xi32>) {
      %p = util.global.load @prev : tensor<4xi32>
      %u = tensor.insert_slice %row into %p[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
      util.global.store %u, @cur : tensor<4xi32>
      scf.yield %p : tensor<4xi32>
    } else {
      scf.yield %c : tensor<4xi32>
    }
    util.return %r : tensor<4xi32>
  }
  util.func public @reset(%x: tensor<4xi32>) {
    util.global.store %x, @cur : tensor<4xi32>
    util.return
  }
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @cur : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
}
