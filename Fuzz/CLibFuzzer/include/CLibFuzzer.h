// libFuzzer's driver, for fuzz targets whose `main` is Swift's (SwiftPM gives every executable one): the target
// calls it from `main` with its own entry point. Linked by `-sanitize=fuzzer`; declared only, never defined here.
// See https://llvm.org/docs/LibFuzzer.html#using-libfuzzer-as-a-library
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
