// A cf loop whose body copies @cur into @prev, reads @prev and writes @cur from it. @prev is read
// only right after its store in its block (IREE 3.13 forwards it), so taking @prev for @cur is
// right: the check builds it (global_folds._forwarded, one block; review 6, r2_15).
// CALLS: f:2,[77];get;f:1,[88];get
// EXPECT: f; get=77 77 3 4; f; get=88 77 3 4
// CALLS: f:3,[5];get
// EXPECT: f; get=5 5 5 4
// CALLS: f:0,[7];get;f:4,[9];get;f:1,[3];get
// EXPECT: f; get=1 2 3 4; f; get=9 9 9 9; f; get=3 9 9 9
module @m {
  util.global private mutable @cur = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.global private mutable @prev = dense<[1, 2, 3, 4]> : tensor<4xi32>

  util.func public @f(%n: index, %row: tensor<1xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    cf.br ^head(%c0 : index)
  ^head(%i: index):
    %more = arith.cmpi slt, %i, %n : index
    cf.cond_br %more, ^body, ^exit
  ^body:
    %c = util.global.load @cur : tensor<4xi32>
    util.global.store %c, @prev : tensor<4xi32>
    %p = util.global.load @prev : tensor<4xi32>
    %u = tensor.insert_slice %row into %p[%i] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %u, @cur : tensor<4xi32>
    %next = arith.addi %i, %c1 : index
    cf.br ^head(%next : index)
  ^exit:
    util.return
  }
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @cur : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
}
