-- expect: MODULE_STRUCTURE_IMPORT_DUPLICATE
package t.p;

module M is
  import com.io7m.parasol.Float;
  import com.io7m.parasol.Float;

end;
