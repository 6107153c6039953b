// A module that names its own target, a CPU without a model: IREE warns that it defaults to a
// generic CPU, and the warning reaches the user through the tool as through iree-compile.
#x86_64_target = #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {
  data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128",
  native_vector_size = 32 : index,
  target_triple = "x86_64-none-elf"
}>
#cpu_target = #hal.device.target<"local", [#x86_64_target]> : !hal.device
module attributes {hal.device.targets = [#cpu_target]} {
  func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
    %y = arith.addf %x, %x : tensor<4xf32>
    return %y : tensor<4xf32>
  }
}
