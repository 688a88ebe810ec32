//! Nothing: the tests are in `../tests/tests/read_bytes.rs`.
