#ifndef ARTFEED_CFUZZERDRIVER_H
#define ARTFEED_CFUZZERDRIVER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's entry point for programs that have their own main (LLVM 12+), from
/// libclang_rt.fuzzer, linked in by `-sanitize=fuzzer`.
int LLVMFuzzerRunDriver(int *argc, char ***argv,
                        int (*callback)(const uint8_t *data, size_t size));

#endif
