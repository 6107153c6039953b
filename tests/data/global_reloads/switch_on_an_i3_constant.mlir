// A cf.switch on an i3 constant: the bindings cannot read the cases of a width that is not 8,
// 16, 32 or 64, and the check read them unguarded, so the tool failed ("internal error") on a
// program plain iree-compile builds right (review 26). Such a switch is taken for a branch on no
// constant: its update is in an arm, not compared, and built as stock builds it.
module @m {
  util.global private mutable @g = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @f(%row: tensor<1xi32>) -> tensor<4xi32> {
    %k = arith.constant 2 : i3
    cf.switch %k : i3, [default: ^a, 2: ^b]
  ^a:
    cf.br ^done
  ^b:
    %v = util.global.load @g : tensor<4xi32>
    %n = tensor.insert_slice %row into %v[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %n, @g : tensor<4xi32>
    cf.br ^done
  ^done:
    %r = util.global.load @g : tensor<4xi32>
    util.return %r : tensor<4xi32>
  }
}
