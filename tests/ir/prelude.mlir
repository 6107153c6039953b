// Shared by every case in this directory: the device, and one executable whose entry points
// the cases dispatch. Only the resource operands matter to the analysis.
util.global private @__device_0 = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">]> : !hal.device
stream.executable private @ex {
  stream.executable.export public @read workgroups() -> (index, index, index) {
    %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
    stream.return %x, %y, %z : index, index, index
  }
  builtin.module {
    func.func @read(%arg0: !stream.binding, %arg1: !stream.binding) {
      return
    }
  }
}
