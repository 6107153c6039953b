// An outer cf cycle over i whose body enters an inner cf cycle (j < m) through a cf.switch on c
// that hands the constant a (default) or b (case 0), both made in the entry block, to the inner
// header's t; the inner body inserts v+i at (i+j)%4 into t, and the outer body adds t to its
// accumulator. IREE 3.13 copies the constant before the inner cycle writes it: plain iree-compile
// is right. The check follows cf.switch like cf.cond_br (review 11's p71: before, the switch was
// an op the check does not model, taken as writing the constant, and the tool refused).
#id = affine_map<(d0) -> (d0)>
module @m {
  util.func public @f(%n32: i32, %m32: i32, %v: i32, %c32: i32) -> tensor<4xi32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %zero = arith.constant dense<0> : tensor<4xi32>
    %n = arith.index_cast %n32 : i32 to index
    %m = arith.index_cast %m32 : i32 to index
    %a = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
    %b = arith.constant dense<[5, 6, 7, 8]> : tensor<4xi32>
    cf.br ^head(%c0, %zero : index, tensor<4xi32>)
  ^head(%i: index, %acc: tensor<4xi32>):
    %cnd = arith.cmpi slt, %i, %n : index
    cf.cond_br %cnd, ^body, ^exit
  ^body:
    %i32 = arith.index_cast %i : index to i32
    %xv = arith.addi %v, %i32 : i32
    cf.switch %c32 : i32, [
      default: ^ihead(%c0, %a : index, tensor<4xi32>),
      0: ^ihead(%c0, %b : index, tensor<4xi32>)
    ]
  ^ihead(%j: index, %t: tensor<4xi32>):
    %cj = arith.cmpi slt, %j, %m : index
    cf.cond_br %cj, ^ibody, ^idone
  ^ibody:
    %s_at = arith.addi %i, %j : index
      %at = arith.remui %s_at, %c4 : index
    %u = tensor.insert %xv into %t[%at] : tensor<4xi32>
    %j1 = arith.addi %j, %c1 : index
    cf.br ^ihead(%j1, %u : index, tensor<4xi32>)
  ^idone:
    %e_s = tensor.empty() : tensor<4xi32>
      %s = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%acc, %t : tensor<4xi32>, tensor<4xi32>) outs(%e_s : tensor<4xi32>) {
      ^bb0(%p_s: i32, %q_s: i32, %o_s: i32):
        %z_s = arith.addi %p_s, %q_s : i32
        linalg.yield %z_s : i32
      } -> tensor<4xi32>
    %i1 = arith.addi %i, %c1 : index
    cf.br ^head(%i1, %s : index, tensor<4xi32>)
  ^exit:
    util.return %acc : tensor<4xi32>
  }
}
