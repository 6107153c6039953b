// Review 53's p06 beside a schedule repair: @k and @v start from different initial values;
// @reset stores one constant to both, and @f updates each in an scf.if arm of its own. @g hands
// @c's load to a loop and inserts a row into it in place: the check shows the loop's copy of @c
// unordered with the in-place insert, and the repair writes a fresh copy, stored to @c in an arm.
// A fuse of the globals stored in a region may undo that repair, so the compile keeps them out
// of IREE's fusion; kept apart, @k and @v would still hold the one constant's buffer after
// @reset, which each arm writes in place. With --no-elide no rewrite gives @v its own copy:
// the compile's guard does, before it keeps the globals apart (else refused, or wrong).
module @m {
  util.global private mutable @k = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.global private mutable @v = dense<[5, 6, 7, 8]> : tensor<4xi32>
  util.global private mutable @c = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func public @reset() {
    %z = arith.constant dense<0> : tensor<4xi32>
    util.global.store %z, @k : tensor<4xi32>
    util.global.store %z, @v : tensor<4xi32>
    util.return
  }
  util.func public @f(%r: tensor<1xi32>, %c1: i1, %c2: i1) {
    scf.if %c1 {
      %l = util.global.load @k : tensor<4xi32>
      %u = tensor.insert_slice %r into %l[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
      util.global.store %u, @k : tensor<4xi32>
    }
    scf.if %c2 {
      %l = util.global.load @v : tensor<4xi32>
      %u = tensor.insert_slice %r into %l[2] [1] [1] : tensor<1xi32> into tensor<4xi32>
      util.global.store %u, @v : tensor<4xi32>
    }
    util.return
  }
  util.func public @g(%row: tensor<1xi32>, %n: index, %m: index) -> tensor<4xi32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %ones = arith.constant dense<1> : tensor<4xi32>
    %x = util.global.load @c : tensor<4xi32>
    %r = scf.for %j = %c0 to %m step %c1 iter_args(%acc = %x) -> tensor<4xi32> {
      %a2 = arith.addi %acc, %ones : tensor<4xi32>
      scf.yield %a2 : tensor<4xi32>
    }
    %u = tensor.insert_slice %row into %x[0] [1] [1] : tensor<1xi32> into tensor<4xi32>
    %cond = arith.cmpi sgt, %n, %c0 : index
    scf.if %cond {
      util.global.store %u, @c : tensor<4xi32>
    }
    util.return %r : tensor<4xi32>
  }
  util.func public @getk() -> tensor<4xi32> { %v = util.global.load @k : tensor<4xi32>  util.return %v : tensor<4xi32> }
  util.func public @getv() -> tensor<4xi32> { %v = util.global.load @v : tensor<4xi32>  util.return %v : tensor<4xi32> }
  util.func public @getc() -> tensor<4xi32> { %v = util.global.load @c : tensor<4xi32>  util.return %v : tensor<4xi32> }
}
