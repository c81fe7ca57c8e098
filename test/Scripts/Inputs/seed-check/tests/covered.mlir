// expected-error @+1 {{expects the widget to be blue}}
