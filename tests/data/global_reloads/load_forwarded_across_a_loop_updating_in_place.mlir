// A load of @g, a loop that inserts a row into @g in place, a reload. IREE 3.13 forwards the
// first load to the reload (it does not look into the loop). The loop's updates are in place, so
// the forwarded buffer would see them, but the check's own repair of the update (a read of @g's
// buffer unordered with it) gives the update a fresh copy: a build that trusted the buffer
// identity returns the old row (as stock does). The tool refuses.
module @m {
  util.global private mutable @g = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func public @f(%n: index, %row: tensor<1xi32>) -> (tensor<4xi32>, tensor<4xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %a = util.global.load @g : tensor<4xi32>
    scf.for %i = %c0 to %n step %c1 {
      %x = util.global.load @g : tensor<4xi32>
      %y = tensor.insert_slice %row into %x[%i] [1] [1] : tensor<1xi32> into tensor<4xi32>
      util.global.store %y, @g : tensor<4xi32>
    }
    %r = util.global.load @g : tensor<4xi32>
    util.return %a, %r : tensor<4xi32>, tensor<4xi32>
  }
}
