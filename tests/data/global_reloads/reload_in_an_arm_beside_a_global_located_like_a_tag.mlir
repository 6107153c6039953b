// Review 51's r10: reload_in_an_arm_updated_beside_a_packed_global.mlir with @a located where a
// tag of the compile's would be (loc("slice-elision-global:99")): a global so located was taken
// as tagged and left out, and IREE's fuse of @a's and @b's timepoint globals went unseen (the
// build stored @b an uninitialized buffer, 0 0 0 0). The tags carry a number drawn for each
// compile, which no input can spell. Kept out of the fusion, it builds right (stock wrong).
module @m {
  util.global private mutable @a : tensor<4xi32> loc("slice-elision-global:99")
  util.global private mutable @b : tensor<4xi32>
  util.initializer {
    %x = util.unfoldable_constant dense<[1, 2, 3, 4]> : tensor<4xi32>
    %p = arith.addi %x, %x : tensor<4xi32>
    util.global.store %p, @a : tensor<4xi32>
    %q = arith.muli %x, %x : tensor<4xi32>
    util.global.store %q, @b : tensor<4xi32>
    util.return
  }
  util.func public @geta() -> tensor<4xi32> { %v = util.global.load @a : tensor<4xi32>  util.return %v : tensor<4xi32> }
  util.func public @getb() -> tensor<4xi32> { %v = util.global.load @b : tensor<4xi32>  util.return %v : tensor<4xi32> }
  util.func public @f(%v: tensor<4xi32>, %row: tensor<1xi32>, %c: i32) -> tensor<4xi32> {
    %z = arith.constant 0 : i32
    %cond = arith.cmpi ne, %c, %z : i32
    %r = scf.if %cond -> tensor<4xi32> {
      %w = arith.addi %v, %v : tensor<4xi32>
      util.global.store %w, @b : tensor<4xi32>
      %l = util.global.load @b : tensor<4xi32>
      %u = tensor.insert_slice %row into %l[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
      util.global.store %u, @b : tensor<4xi32>
      scf.yield %w : tensor<4xi32>
    } else {
      scf.yield %v : tensor<4xi32>
    }
    util.return %r : tensor<4xi32>
  }
}
