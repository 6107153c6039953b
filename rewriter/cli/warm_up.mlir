// What the command line analyses while IREE's flow phase runs (rewriter/warm_up.py): the
// seed decode step with one layer at the splice point (make bench's seed form, as
// rewriter.pipeline.stream_ir_at_splice prints it). Its decisions are thrown away; the analysis
// of the user's module then starts with the imports, the MLIR bindings' op classes and the
// memos it fills already done.
#executable_target_embedded_elf_x86_64 = #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {cpu = "", cpu_features = "", data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", iree.encoding.resolver = #iree_cpu.cpu_encoding_resolver<>, max_stack_allocation_size = 32768 : i64, native_vector_size = 16 : i64, target_triple = "x86_64-unknown-unknown-eabi-elf"}>
#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d2)>
#map2 = affine_map<(d0, d1, d2) -> (d1, d0, d2)>
#map3 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map4 = affine_map<(d0, d1, d2) -> (d2, d0, d1)>
#map5 = affine_map<(d0, d1) -> (d0, d1)>
#device_target_local = #hal.device.target<"local", [#executable_target_embedded_elf_x86_64]> : !hal.device
module @decode_seed_1l attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {
  util.global private @__device_0 = #device_target_local
  util.global private mutable @k0 : !stream.resource<variable>
  util.global private mutable @v0 : !stream.resource<variable>
  util.initializer {
    %c1065353216_i32 = arith.constant 1065353216 : i32
    %c0_i8 = arith.constant 0 : i8
    %c8388608 = arith.constant 8388608 : index
    %0 = stream.async.splat on(#hal.device.affinity<@__device_0>) %c0_i8 : i8 -> !stream.resource<variable>{%c8388608}
    util.global.store %0, @k0 : !stream.resource<variable>
    %1 = stream.async.splat on(#hal.device.affinity<@__device_0>) %c1065353216_i32 : i32 -> !stream.resource<variable>{%c8388608}
    util.global.store %1, @v0 : !stream.resource<variable>
    util.return
  }
  stream.executable private @step_dispatch_0 {
    stream.executable.export public @step_dispatch_0_elementwise_512_f32 workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @step_dispatch_0_elementwise_512_f32(%arg0: !stream.binding, %arg1: !stream.binding) {
        %c0 = arith.constant 0 : index
        %0 = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<512xf32>>
        %1 = stream.binding.subspan %arg1[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<512xf32>>
        %2 = iree_tensor_ext.dispatch.tensor.load %0, offsets = [0], sizes = [512], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<512xf32>> -> tensor<512xf32>
        %3 = tensor.empty() : tensor<512xf32>
        %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%2 : tensor<512xf32>) outs(%3 : tensor<512xf32>) {
        ^bb0(%in: f32, %out: f32):
          %5 = math.tanh %in : f32
          linalg.yield %5 : f32
        } -> tensor<512xf32>
        iree_tensor_ext.dispatch.tensor.store %4, %1, offsets = [0], sizes = [512], strides = [1] : tensor<512xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<512xf32>>
        return
      }
    }
  }
  stream.executable private @step_dispatch_1 {
    stream.executable.export public @step_dispatch_1_matvec_like_8xDx64_f32 workgroups(%arg0: index) -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%arg0)
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @step_dispatch_1_matvec_like_8xDx64_f32(%arg0: !stream.binding, %arg1: !stream.binding, %arg2: index, %arg3: !stream.binding) {
        %cst = arith.constant 0.000000e+00 : f32
        %c0 = arith.constant 0 : index
        %0 = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x64xf32>>
        %1 = iree_tensor_ext.dispatch.workload.ordinal %arg2, 0 : index
        %2 = stream.binding.subspan %arg1[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8x64xf32>>{%1}
        %3 = stream.binding.subspan %arg3[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x?xf32>>{%1}
        %4 = iree_tensor_ext.dispatch.tensor.load %0, offsets = [0, 0], sizes = [8, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x64xf32>> -> tensor<8x64xf32>
        %5 = iree_tensor_ext.dispatch.tensor.load %2, offsets = [0, 0, 0], sizes = [%1, 8, 64], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8x64xf32>>{%1} -> tensor<?x8x64xf32>
        %6 = tensor.empty(%1) : tensor<8x?xf32>
        %7 = linalg.fill ins(%cst : f32) outs(%6 : tensor<8x?xf32>) -> tensor<8x?xf32>
        %8 = linalg.generic {indexing_maps = [#map1, #map2, #map3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%4, %5 : tensor<8x64xf32>, tensor<?x8x64xf32>) outs(%7 : tensor<8x?xf32>) {
        ^bb0(%in: f32, %in_0: f32, %out: f32):
          %9 = arith.mulf %in, %in_0 : f32
          %10 = arith.addf %out, %9 : f32
          linalg.yield %10 : f32
        } -> tensor<8x?xf32>
        iree_tensor_ext.dispatch.tensor.store %8, %3, offsets = [0, 0], sizes = [8, %1], strides = [1, 1] : tensor<8x?xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x?xf32>>{%1}
        return
      }
    }
  }
  stream.executable private @step_dispatch_2 {
    stream.executable.export public @step_dispatch_2_matvec_like_8x64xD_f32 workgroups(%arg0: index) -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%arg0)
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @step_dispatch_2_matvec_like_8x64xD_f32(%arg0: !stream.binding, %arg1: !stream.binding, %arg2: !stream.binding, %arg3: index, %arg4: !stream.binding) {
        %cst = arith.constant 0.000000e+00 : f32
        %c0 = arith.constant 0 : index
        %0 = stream.binding.subspan %arg2[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x64xf32>>
        %1 = stream.binding.subspan %arg4[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x64xf32>>
        %2 = iree_tensor_ext.dispatch.workload.ordinal %arg3, 0 : index
        %3 = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x?xf32>>{%2}
        %4 = stream.binding.subspan %arg1[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8x64xf32>>{%2}
        %5 = iree_tensor_ext.dispatch.tensor.load %3, offsets = [0, 0], sizes = [8, %2], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x?xf32>>{%2} -> tensor<8x?xf32>
        %6 = iree_tensor_ext.dispatch.tensor.load %4, offsets = [0, 0, 0], sizes = [%2, 8, 64], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x8x64xf32>>{%2} -> tensor<?x8x64xf32>
        %7 = iree_tensor_ext.dispatch.tensor.load %0, offsets = [0, 0], sizes = [8, 64], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x64xf32>> -> tensor<8x64xf32>
        %8 = tensor.empty() : tensor<8x64xf32>
        %9 = linalg.fill ins(%cst : f32) outs(%8 : tensor<8x64xf32>) -> tensor<8x64xf32>
        %10 = linalg.generic {indexing_maps = [#map1, #map4, #map3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%5, %6 : tensor<8x?xf32>, tensor<?x8x64xf32>) outs(%9 : tensor<8x64xf32>) {
        ^bb0(%in: f32, %in_0: f32, %out: f32):
          %12 = arith.mulf %in, %in_0 : f32
          %13 = arith.addf %out, %12 : f32
          linalg.yield %13 : f32
        } -> tensor<8x64xf32>
        %11 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel"]} ins(%7, %10 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%8 : tensor<8x64xf32>) {
        ^bb0(%in: f32, %in_0: f32, %out: f32):
          %12 = math.tanh %in_0 : f32
          %13 = arith.addf %in, %12 : f32
          linalg.yield %13 : f32
        } -> tensor<8x64xf32>
        iree_tensor_ext.dispatch.tensor.store %11, %1, offsets = [0, 0], sizes = [8, 64], strides = [1, 1] : tensor<8x64xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x64xf32>>
        return
      }
    }
  }
  util.func public @step(%arg0: !hal.buffer_view, %arg1: i64) -> !hal.buffer_view attributes {iree.abi.stub, iree.reflection = {iree.abi.declaration = "sync func @step(%input0: tensor<8x64xf32>, %input1: i64) -> (%output0: tensor<8x64xf32>)"}} {
    %c32 = arith.constant 32 : index
    %c2048 = arith.constant 2048 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %c8388608 = arith.constant 8388608 : index
    %c0 = arith.constant 0 : index
    %v0 = util.global.load @v0 : !stream.resource<variable>
    %k0 = util.global.load @k0 : !stream.resource<variable>
    %element_type_f32 = hal.element_type<f32> : i32
    %dense_row_major = hal.encoding_type<dense_row_major> : i32
    hal.buffer_view.assert<%arg0 : !hal.buffer_view> message("input0") shape([%c8, %c64]) type(%element_type_f32) encoding(%dense_row_major)
    %0 = stream.tensor.import on(#hal.device.affinity<@__device_0>) %arg0 : !hal.buffer_view -> tensor<8x64xf32> in !stream.resource<external>{%c2048}
    %1 = arith.index_cast %arg1 : i64 to index
    %2 = arith.addi %1, %c1 : index
    %3 = arith.muli %1, %c2048 : index
    %4 = arith.addi %3, %c2048 : index
    %5 = stream.async.dispatch on(#hal.device.affinity<@__device_0>) @step_dispatch_0::@step_dispatch_0_elementwise_512_f32(%0[%c0 to %c2048 for %c2048], %v0[%3 to %4 for %c2048]) : (!stream.resource<external>{%c2048}, !stream.resource<variable>{%c8388608}) -> %v0{%c8388608}
    %6 = stream.async.update on(#hal.device.affinity<@__device_0>) %0, %k0[%3 to %4] : !stream.resource<external>{%c2048} -> %k0 as !stream.resource<variable>{%c8388608}
    %7 = arith.muli %2, %c2048 : index
    %8 = stream.async.slice on(#hal.device.affinity<@__device_0>) %6[%c0 to %7] : !stream.resource<variable>{%c8388608} -> !stream.resource<variable>{%7}
    %9 = stream.async.slice on(#hal.device.affinity<@__device_0>) %5[%c0 to %7] : !stream.resource<variable>{%c8388608} -> !stream.resource<variable>{%7}
    %10 = arith.muli %2, %c32 : index
    %11 = stream.async.dispatch on(#hal.device.affinity<@__device_0>) @step_dispatch_1::@step_dispatch_1_matvec_like_8xDx64_f32[%2](%0[%c0 to %c2048 for %c2048], %8[%c0 to %7 for %7], %2) : (!stream.resource<external>{%c2048}, !stream.resource<variable>{%7}, index) -> !stream.resource<transient>{%10}
    %12 = stream.async.dispatch on(#hal.device.affinity<@__device_0>) @step_dispatch_2::@step_dispatch_2_matvec_like_8x64xD_f32[%2](%11[%c0 to %10 for %10], %9[%c0 to %7 for %7], %0[%c0 to %c2048 for %c2048], %2) : (!stream.resource<transient>{%10}, !stream.resource<variable>{%7}, !stream.resource<external>{%c2048}, index) -> !stream.resource<external>{%c2048}
    %13 = stream.tensor.export on(#hal.device.affinity<@__device_0>) %12 : tensor<8x64xf32> in !stream.resource<external>{%c2048} -> !hal.buffer_view
    util.global.store %6, @k0 : !stream.resource<variable>
    util.global.store %5, @v0 : !stream.resource<variable>
    util.return %13 : !hal.buffer_view
  }
}
