// Review 48's p01: the initializer stores @a and @b through two private setters of one value,
// which IREE inlines into its block: there iree-util-fuse-globals sees one value stored to both,
// and takes @b for @a, though f doubles @b in an scf.if arm (a store the pass does not read).
// Stock's getb() after f(1) reads 1 2 3 4 for 2 4 6 8. A setter's store taken into its caller
// stores the call's operand (refused).
module @m {
  util.global private mutable @a : tensor<4xi32>
  util.global private mutable @b : tensor<4xi32>
  util.func private @seta(%v: tensor<4xi32>) {
    util.global.store %v, @a : tensor<4xi32>
    util.return
  }
  util.func private @setb(%v: tensor<4xi32>) {
    util.global.store %v, @b : tensor<4xi32>
    util.return
  }
  util.initializer {
    %x = util.unfoldable_constant dense<[1, 2, 3, 4]> : tensor<4xi32>
    util.call @seta(%x) : (tensor<4xi32>) -> ()
    util.call @setb(%x) : (tensor<4xi32>) -> ()
    util.return
  }
  util.func public @f(%n: index) {
    %c0 = arith.constant 0 : index
    %cond = arith.cmpi sgt, %n, %c0 : index
    scf.if %cond {
      %y = util.global.load @b : tensor<4xi32>
      %z = arith.addi %y, %y : tensor<4xi32>
      util.global.store %z, @b : tensor<4xi32>
    }
    util.return
  }
  util.func public @geta() -> tensor<4xi32> {
    %v = util.global.load @a : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @getb() -> tensor<4xi32> {
    %v = util.global.load @b : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
}
