// Review 34's r_38 loop (roll back, read, write on each turn; the write computed in the arm: made
// before the loop, stock 3.13 fails the run: review 34's r_26) with the write in an scf.if whose
// condition a block after the entry makes, before the loop and on no cf cycle: one value on
// every turn, so the arm runs on every turn or on none and is no guard of the loop's turns
// (event_flow._Graph._steady: a condition made outside every loop around). Refused: IREE 3.13
// erases the roll-back, and the second turn reads the first's write.
module @m {
  util.global private mutable @g0 = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g0 : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @f1(%n: index, %cc: index) -> tensor<4xi32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %z = arith.constant dense<0> : tensor<4xi32>
    %v = util.global.load @g0 : tensor<4xi32>
    cf.br ^go
  ^go:
    %c = arith.cmpi ne, %cc, %c0 : index
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> tensor<4xi32> {
      util.global.store %v, @g0 : tensor<4xi32>
      %l = util.global.load @g0 : tensor<4xi32>
      %a2 = arith.addi %acc, %l : tensor<4xi32>
      scf.if %c {
        %x2 = arith.addi %l, %v : tensor<4xi32>
        util.global.store %x2, @g0 : tensor<4xi32>
      }
      scf.yield %a2 : tensor<4xi32>
    }
    util.return %r : tensor<4xi32>
  }
}
