// A call whose result is tied to its argument (`-> %x`), then the argument's old value read
// (found by the drop-in's break review). IREE's callee copies its argument before it writes;
// the check cannot tell which bytes the call writes and cannot show a hazard: the tool builds
// what plain iree-compile builds, says that the pair went undecided, and `check` exits 4.
util.global private mutable @g = dense<[1, 2, 3, 4]> : tensor<4xi32>
util.func private @upd(%x: tensor<4xi32>, %row: tensor<1xi32>) -> %x attributes {inlining_policy = #util.inline.never} {
  %u = tensor.insert_slice %row into %x[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
  util.return %u : tensor<4xi32>
}
util.func public @f(%row: tensor<1xi32>) -> tensor<4xi32> {
  %a = util.global.load @g : tensor<4xi32>
  %u = util.call @upd(%a, %row) : (tensor<4xi32>, tensor<1xi32>) -> %a
  util.global.store %u, @g : tensor<4xi32>
  %c = arith.addi %a, %a : tensor<4xi32>
  util.return %c : tensor<4xi32>
}
util.func public @get() -> tensor<4xi32> {
  %g = util.global.load @g : tensor<4xi32>
  util.return %g : tensor<4xi32>
}
