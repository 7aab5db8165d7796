// whiley.gpgpu.Util (spec §7.11): timing of offloaded work; the
// results go to stderr as CSV.
package whiley.gpgpu

public native void ::beginGPUBenchmarking():
public native void ::endGPUBenchmarking():
public native void ::printOutGPUBenchmarkResults():
