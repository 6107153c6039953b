// A mirror whose only store sits in a loop whose bounds are one value: it is never stored, and
// plain iree-compile, which drops it, reads its initial value right. The check must not take
// the carried load for a sync that renames it (region_flow.never_run; review 25).
module @m {
  util.global private mutable @src = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.global private mutable @copy = dense<[9, 9, 9, 9]> : tensor<4xi32>
  util.func public @getc() -> tensor<4xi32> {
    %v = util.global.load @copy : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @gets() -> tensor<4xi32> {
    %v = util.global.load @src : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @bump(%row: tensor<1xi32>) {
    %v = util.global.load @src : tensor<4xi32>
    %n = tensor.insert_slice %row into %v[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %n, @src : tensor<4xi32>
    util.return
  }
  util.func public @sync(%n: index) -> tensor<4xi32> {
    %v = util.global.load @src : tensor<4xi32>
    %c1 = arith.constant 1 : index
    %r = scf.for %i = %n to %n step %c1 iter_args(%acc = %v) -> (tensor<4xi32>) {
      util.global.store %acc, @copy : tensor<4xi32>
      scf.yield %acc : tensor<4xi32>
    }
    util.return %r : tensor<4xi32>
  }
}
