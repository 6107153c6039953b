// @step(%do) doubles @g when %do; @f reads @g, calls @step(true), reads @g again.
// After inlining, scf.if %true folds away and the reload is forwarded from the store: right.
module @m {
  util.global private mutable @g = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func private @step(%do: i1) {
    scf.if %do {
      %x = util.global.load @g : tensor<4xi32>
      %y = arith.addi %x, %x : tensor<4xi32>
      util.global.store %y, @g : tensor<4xi32>
    }
    util.return
  }
  util.func public @f() -> (tensor<4xi32>, tensor<4xi32>) {
    %true = arith.constant true
    %before = util.global.load @g : tensor<4xi32>
    util.call @step(%true) : (i1) -> ()
    %after = util.global.load @g : tensor<4xi32>
    util.return %before, %after : tensor<4xi32>, tensor<4xi32>
  }
}
