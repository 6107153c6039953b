// A cache row inserted and stored, the same value stored again in a loop, then a prefix of the
// cache read back. IREE 3.13 forwards the read from the first store across the loop; the loop
// stores the same value, so what it left is that value: the check builds it
// (global_order._stores_the_same; review 6, r3_10).
// CALLS: f:[5],0,2;f:[6],1,0;f:[7],2,3;get
// EXPECT: f=5 0 0 0; f=5 6 0 0; f=5 6 7 0; get=5 6 7 0 0 0 0 0
// CALLS: f:[1],3,0;f:[2],3,5;f:[3],7,1;get
// EXPECT: f=0 0 0 1; f=0 0 0 2; f=0 0 0 2; get=0 0 0 2 0 0 0 3
module @m {
  util.global private mutable @cache = dense<0> : tensor<8xi32>

  util.func public @f(%row: tensor<1xi32>, %i: index, %n: index) -> tensor<4xi32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c = util.global.load @cache : tensor<8xi32>
    %u = tensor.insert_slice %row into %c[%i] [1] [1] : tensor<1xi32> into tensor<8xi32>
    util.global.store %u, @cache : tensor<8xi32>
    scf.for %k = %c0 to %n step %c1 {
      util.global.store %u, @cache : tensor<8xi32>
    }
    %c2 = util.global.load @cache : tensor<8xi32>
    %pre = tensor.extract_slice %c2[0] [4] [1] : tensor<8xi32> to tensor<4xi32>
    util.return %pre : tensor<4xi32>
  }
  util.func public @get() -> tensor<8xi32> {
    %v = util.global.load @cache : tensor<8xi32>
    util.return %v : tensor<8xi32>
  }
}
