// A type of a dialect nothing registers (IREE's samples/custom_module): iree-compile reads it,
// and so must the tool between IREE's phases.
func.func private @custom.make(tensor<4xi8>) -> !custom.string
func.func private @custom.print(!custom.string)
func.func @f(%x: tensor<4xi8>) -> tensor<4xi8> {
  %s = call @custom.make(%x) : (tensor<4xi8>) -> !custom.string
  call @custom.print(%s) : (!custom.string) -> ()
  %c = arith.constant dense<1> : tensor<4xi8>
  %y = arith.addi %x, %c : tensor<4xi8>
  return %y : tensor<4xi8>
}
