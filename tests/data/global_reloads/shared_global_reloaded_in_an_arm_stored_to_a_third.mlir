// Review 33 (s_23): one value stored to @g0 and @g1, then an arm reloads @g1 and stores it to
// @g2: the three share one buffer; the copy for @g2 reads the value stored before the arm
// (the reload nested after that store reads it).
module @m {
  util.global private mutable @g0 = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.global private mutable @g1 = dense<[5, 6, 7, 8]> : tensor<4xi32>
  util.global private mutable @g2 = dense<[9, 10, 11, 12]> : tensor<4xi32>
  util.global private mutable @g9 = 0 : i32
  util.func private @touch(%x: i32) attributes {inlining_policy = #util.inline.never} {
    util.global.store %x, @g9 : i32
    util.return
  }
  util.func public @upd0(%row: tensor<1xi32>) {
    %l = util.global.load @g0 : tensor<4xi32>
    %n = tensor.insert_slice %row into %l[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %n, @g0 : tensor<4xi32>
    util.return
  }
  util.func public @upd1(%row: tensor<1xi32>) {
    %l = util.global.load @g1 : tensor<4xi32>
    %n = tensor.insert_slice %row into %l[2] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %n, @g1 : tensor<4xi32>
    util.return
  }
  util.func public @upd2(%row: tensor<1xi32>) {
    %l = util.global.load @g2 : tensor<4xi32>
    %n = tensor.insert_slice %row into %l[3] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %n, @g2 : tensor<4xi32>
    util.return
  }
  util.func public @get9() -> i32 { %v = util.global.load @g9 : i32  util.return %v : i32 }
  util.func public @get0() -> tensor<4xi32> { %v = util.global.load @g0 : tensor<4xi32>  util.return %v : tensor<4xi32> }
  util.func public @get1() -> tensor<4xi32> { %v = util.global.load @g1 : tensor<4xi32>  util.return %v : tensor<4xi32> }
  util.func public @get2() -> tensor<4xi32> { %v = util.global.load @g2 : tensor<4xi32>  util.return %v : tensor<4xi32> }
  util.func public @f(%a: tensor<4xi32>, %c: i32) -> tensor<4xi32> {
    %v = arith.muli %a, %a : tensor<4xi32>
    %z = arith.constant 0 : i32
    %cond = arith.cmpi ne, %c, %z : i32
    util.global.store %v, @g0 : tensor<4xi32>
    util.global.store %v, @g1 : tensor<4xi32>
    util.call @touch(%c) : (i32) -> ()
    %r = scf.if %cond -> tensor<4xi32> {
      %l = util.global.load @g1 : tensor<4xi32>
      util.global.store %l, @g2 : tensor<4xi32>
      %ab = util.optimization_barrier %a : tensor<4xi32>
      scf.yield %ab : tensor<4xi32>
    } else {
      scf.yield %a : tensor<4xi32>
    }
    util.return %r : tensor<4xi32>
  }
}
