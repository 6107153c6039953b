module {
  func.func @step(%arg0: !torch.vtensor<[8,4],f32>, %arg1: !torch.vtensor<[1,4],f32>, %arg2: !torch.vtensor<[1,1],si64>) -> (!torch.vtensor<[8,4],f32>, !torch.vtensor<[8,1],f32>) attributes {torch.onnx_meta.ir_version = 14 : si64, torch.onnx_meta.opset_version = 17 : si64, torch.onnx_meta.producer_name = "", torch.onnx_meta.producer_version = ""} {
    %0 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<wk> : tensor<4x4xf32>} : () -> !torch.vtensor<[4,4],f32> 
    %1 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<wq> : tensor<4x4xf32>} : () -> !torch.vtensor<[4,4],f32> 
    %none = torch.constant.none
    %2 = torch.operator "onnx.MatMul"(%arg1, %0) : (!torch.vtensor<[1,4],f32>, !torch.vtensor<[4,4],f32>) -> !torch.vtensor<[1,4],f32> 
    %3 = torch.operator "onnx.ScatterND"(%arg0, %arg2, %2) : (!torch.vtensor<[8,4],f32>, !torch.vtensor<[1,1],si64>, !torch.vtensor<[1,4],f32>) -> !torch.vtensor<[8,4],f32> 
    %4 = torch.operator "onnx.MatMul"(%arg1, %1) : (!torch.vtensor<[1,4],f32>, !torch.vtensor<[4,4],f32>) -> !torch.vtensor<[1,4],f32> 
    %5 = torch.operator "onnx.Transpose"(%4) {torch.onnx.perm = [1 : si64, 0 : si64]} : (!torch.vtensor<[1,4],f32>) -> !torch.vtensor<[4,1],f32> 
    %6 = torch.operator "onnx.MatMul"(%3, %5) : (!torch.vtensor<[8,4],f32>, !torch.vtensor<[4,1],f32>) -> !torch.vtensor<[8,1],f32> 
    return %3, %6 : !torch.vtensor<[8,4],f32>, !torch.vtensor<[8,1],f32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      wk: "0x080000006CBF803D7F4687BDBDF2A33EDFD5563DA12189BEFD22393E79E9263FE673F23EFE27B4BE55F921BFEA8E9FBE6E45A93C4ECD94BFEC0AE0BD037A1FBFE075BBBE",
      wq: "0x080000008F548BBE18F221BE3DC1523E1471053F979E83BD46E82E3F334AAABE21F9333ED249E73E8589403DF855BEBE32F6EBBE0A5B6ABED57AE13D2B3B01BF1F32D6BD"
    }
  }
#-}

