// expected-error @+1 {{expects parent op 'demo.func'}}
