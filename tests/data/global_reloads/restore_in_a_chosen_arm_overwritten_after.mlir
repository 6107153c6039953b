// A roll-back in the arm an scf.if %true chooses, which a store after the if overwrites before
// anything reads @g: MLIR inlines the arm into the function's block, and IREE 3.13 erases the
// roll-back (as a store of @g's own load), rightly. The check reads the chosen arm as part of
// the block, so the roll-back is overwritten next in it, and builds (review 22, t27: refused
// while the arm kept a scope of its own).
// CALLS: f:[77];get;f:[88];get
// EXPECT: f=1 77 3 4; get=9 9 9 9; f=9 88 9 9; get=9 9 9 9
module @m {
  util.global private mutable @g = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func private @peek() -> tensor<4xi32> attributes {inlining_policy = #util.inline.never} {
    %v = util.global.load @g : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @f(%row: tensor<1xi32>) -> tensor<4xi32> {
    %true = arith.constant true
    %old = util.global.load @g : tensor<4xi32>
    %new = tensor.insert_slice %row into %old[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %new, @g : tensor<4xi32>
    %seen = util.call @peek() : () -> tensor<4xi32>
    scf.if %true {
      util.global.store %old, @g : tensor<4xi32>
    }
    %nine = arith.constant dense<9> : tensor<4xi32>
    util.global.store %nine, @g : tensor<4xi32>
    util.return %seen : tensor<4xi32>
  }
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
}
