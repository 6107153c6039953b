// rollback_in_an_arms_loop_overwritten_after_the_join.mlir with a load of @g in the loop,
// before the roll-back: its next turn reads what the roll-back left (the old value), and the
// loop hands the last read on. IREE 3.13 erases the roll-back, and the second turn reads the
// trial update. A store after the join overwrites the roll-back only where its loop reads
// nothing of @g (global_folds._RollBack.read_after, on the paths of execution); the check refuses.
// CALLS: f:[77],1,2;get;f:[88],1,1;get
// EXPECT: f=1 2 3 4; get=1 77 3 77; f=1 88 3 77; get=1 88 3 88
module @m {
  util.global private mutable @g = dense<[1, 2, 3, 4]> : tensor<4xi32>

  util.func public @f(%row: tensor<1xi32>, %flag: i1, %n: index) -> tensor<4xi32> {
    %old = util.global.load @g : tensor<4xi32>
    %new = tensor.insert_slice %row into %old[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %new, @g : tensor<4xi32>
    %seen = util.call @peek() : () -> tensor<4xi32>
    cf.cond_br %flag, ^back, ^join(%seen : tensor<4xi32>)
  ^back:
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %last = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %seen) -> (tensor<4xi32>) {
      %now = util.global.load @g : tensor<4xi32>
      util.global.store %old, @g : tensor<4xi32>
      scf.yield %now : tensor<4xi32>
    }
    cf.br ^join(%last : tensor<4xi32>)
  ^join(%out: tensor<4xi32>):
    %fin = tensor.insert_slice %row into %seen[3] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %fin, @g : tensor<4xi32>
    util.return %out : tensor<4xi32>
  }
  util.func private @peek() -> tensor<4xi32> attributes {inlining_policy = #util.inline.never} {
    %v = util.global.load @g : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
}
