// whiley.io.File: reading and writing files as lists of bytes, with the
// types and methods of the 2013 library.  Reader(name) and Writer(name)
// open a file (a runtime error when it cannot be opened); a Writer
// creates or truncates its file.  The open file behind each reference
// is kept by the runtime (runtime/lib_file.c).
package whiley.io

define Reader as ref { string fileName }

define Writer as ref { string fileName, int writer }

public native Reader ::Reader(string fileName):

public native void Reader::close():

// everything up to the end of the file
public [byte] Reader::read():
    return readAll(this)

// at most max bytes (fewer at the end of the file)
public native [byte] Reader::read(int max):

public native Writer ::Writer(string fileName):

public native void Writer::close():

public native void Writer::write([byte] data):

native [byte] ::readAll(Reader r):
