// sync() clears @mirror, then copies @state into it. IREE 3.13 erases the clear (the copy
// overwrites it next in its block), then takes @mirror for @state: stock's get_mirror reads
// updates no sync published. The check counts only the stores IREE keeps and refuses
// (global_folds._overwritten_next; review 7, p07).
// CALLS: step:[77];get_mirror;sync;get_mirror;step:[88];get_mirror
// EXPECT: step; get_mirror=1 2 3 4; sync; get_mirror=1 77 3 4; step; get_mirror=1 77 3 4
module @m {
  util.global private mutable @state = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.global private mutable @mirror = dense<[1, 2, 3, 4]> : tensor<4xi32>

  util.func public @step(%row: tensor<1xi32>) {
    %s = util.global.load @state : tensor<4xi32>
    %u = tensor.insert_slice %row into %s[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %u, @state : tensor<4xi32>
    util.return
  }
  util.func public @sync() {
    %z = arith.constant dense<0> : tensor<4xi32>
    util.global.store %z, @mirror : tensor<4xi32>
    %s = util.global.load @state : tensor<4xi32>
    util.global.store %s, @mirror : tensor<4xi32>
    util.return
  }
  util.func public @get_mirror() -> tensor<4xi32> {
    %v = util.global.load @mirror : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
}
