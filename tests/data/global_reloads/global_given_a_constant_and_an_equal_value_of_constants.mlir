// @s is given a literal constant by one function and a sum of constants of the same value by
// another. IREE hoists the sum into a global, merges it with the literal's (one value), and
// takes @s for it: stock's first get() returns the constant, not @s's initial value. A value of
// constants may be any constant (the check does not compute it): beside a store of another
// source it stands for that one, as a store the input does not show does (review 28: named a
// constant of its own, it stopped the pairing, a miss of both builds the tool before it refused).
module @m {
  util.global private mutable @s = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func public @set1() {
    %c = arith.constant dense<[10, 20, 30, 40]> : tensor<4xi32>
    util.global.store %c, @s : tensor<4xi32>
    util.return
  }
  util.func public @set2() {
    %c = arith.constant dense<[5, 10, 15, 20]> : tensor<4xi32>
    %d = arith.addi %c, %c : tensor<4xi32>
    util.global.store %d, @s : tensor<4xi32>
    util.return
  }
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @s : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
}
